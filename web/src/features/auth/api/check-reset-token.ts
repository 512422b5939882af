import type { ResetTokenCheck } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export function checkResetToken(token: string): Promise<ResetTokenCheck> {
  return apiClient.get('/api/auth/reset-password/:token', { params: { token } })
}

export function checkResetTokenQueryOptions(token: string) {
  // A link is checked once per visit; after a reset it is used up, so a cached "valid" must not linger.
  return queryOptions({
    queryKey: apiQueryKey('/api/auth/reset-password/:token', { token }),
    queryFn: () => checkResetToken(token),
    gcTime: 0,
  })
}

export function useCheckResetToken(token: string) {
  return useQuery({ ...checkResetTokenQueryOptions(token), enabled: token !== '' })
}
