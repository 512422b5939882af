import { InvitationListSchema, type Invitation } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/** The invitations the caller sent and has not revoked, forwards included, newest first. */
export async function getInvitations(): Promise<Invitation[]> {
  return InvitationListSchema.parse(await apiClient.get<unknown>('/api/invitations'))
}

export function getInvitationsQueryOptions() {
  return queryOptions({ queryKey: [...SHARING_QUERY_KEY, 'invitations'], queryFn: getInvitations })
}

export function useInvitations() {
  return useQuery(getInvitationsQueryOptions())
}
