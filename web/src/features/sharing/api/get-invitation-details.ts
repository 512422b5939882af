import type { InvitationDetails } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** Who an invitation link is for and who sent it. */
export function getInvitationDetails(token: string): Promise<InvitationDetails> {
  return apiClient.get('/api/invitations/details/:token', { params: { token } })
}

export function getInvitationDetailsQueryOptions(token: string) {
  // A link is used up once accepted, so a cached answer must not outlive the visit.
  return queryOptions({
    queryKey: apiQueryKey('/api/invitations/details/:token', { token }),
    queryFn: () => getInvitationDetails(token),
    gcTime: 0,
  })
}

export function useInvitationDetails(token: string) {
  return useQuery({ ...getInvitationDetailsQueryOptions(token), enabled: token !== '' })
}
