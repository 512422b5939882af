import type { Invitation } from '@app/contracts/sharing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { invalidateEndpoints, SHARING_READS } from '../../../lib/query-refresh.ts'

/** Invites someone to the caller's profile, or (a guest owner, with `originalOwnerId`) forwards one. */
export function createInvitation(input: ApiBody<'POST', '/api/invitations'>): Promise<Invitation> {
  return apiClient.post('/api/invitations', input, {
    schema: async () => (await import('@app/contracts/sharing')).InvitationSchema,
  })
}

export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    // The invitation list and the access history gain the new invitation.
    onSuccess: () => invalidateEndpoints(queryClient, SHARING_READS),
  })
}
