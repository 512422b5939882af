import type { DeletionLinkCheck } from '@app/contracts/account-deletion'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export function checkDeletionLink(token: string): Promise<DeletionLinkCheck> {
  return apiClient.get('/api/account/deletion-link/:token', { params: { token } })
}

export function checkDeletionLinkQueryOptions(token: string) {
  // Checked once per visit: a link is used up by the deletion, so a cached "valid" must not linger.
  return queryOptions({
    queryKey: apiQueryKey('/api/account/deletion-link/:token', { token }),
    queryFn: () => checkDeletionLink(token),
    gcTime: 0,
  })
}

export function useCheckDeletionLink(token: string) {
  return useQuery({ ...checkDeletionLinkQueryOptions(token), enabled: token !== '' })
}
