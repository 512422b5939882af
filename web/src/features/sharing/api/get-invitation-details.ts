import { InvitationDetailsSchema, type InvitationDetails } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/** Who an invitation link is for and who sent it. */
export async function getInvitationDetails(token: string): Promise<InvitationDetails> {
  return InvitationDetailsSchema.parse(
    await apiClient.get<unknown>(`/api/invitations/details/${encodeURIComponent(token)}`),
  )
}

export function getInvitationDetailsQueryOptions(token: string) {
  // A link is used up once accepted, so a cached answer must not outlive the visit.
  return queryOptions({
    queryKey: [...SHARING_QUERY_KEY, 'details', token],
    queryFn: () => getInvitationDetails(token),
    gcTime: 0,
  })
}

export function useInvitationDetails(token: string) {
  return useQuery({ ...getInvitationDetailsQueryOptions(token), enabled: token !== '' })
}
