import { ResetTokenCheckSchema, type ResetTokenCheck } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export async function checkResetToken(token: string): Promise<ResetTokenCheck> {
  return ResetTokenCheckSchema.parse(
    await apiClient.get<unknown>(`/api/auth/reset-password/${encodeURIComponent(token)}`),
  )
}

export function checkResetTokenQueryOptions(token: string) {
  // A link is checked once per visit; after a reset it is used up, so a cached "valid" must not linger.
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    gcTime: 0,
  })
}

export function useCheckResetToken(token: string) {
  return useQuery({ ...checkResetTokenQueryOptions(token), enabled: token !== '' })
}
