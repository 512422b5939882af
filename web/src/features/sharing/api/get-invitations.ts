import type { Invitation } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The invitations the caller sent and has not revoked, forwards included, newest first. */
export function getInvitations(): Promise<Invitation[]> {
  return apiClient.get('/api/invitations')
}

export function getInvitationsQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/invitations'), queryFn: getInvitations })
}

export function useInvitations() {
  return useQuery(getInvitationsQueryOptions())
}
