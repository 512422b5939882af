import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiAnswer } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { invalidateEndpoints, SHARING_READS } from '../../../lib/query-refresh.ts'

export type RevokeInvitationResponse = ApiAnswer<'DELETE', '/api/invitations/:id'>

/** Revokes an invitation the caller sent, and every forward below it. */
export function revokeInvitation(id: number): Promise<RevokeInvitationResponse> {
  return apiClient.delete('/api/invitations/:id', {
    params: { id },
    schema: async () => (await import('@app/contracts/sharing')).RevokeInvitationResponseSchema,
  })
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    // The invitation list and the access history show the revoke.
    onSuccess: () => invalidateEndpoints(queryClient, SHARING_READS),
  })
}
