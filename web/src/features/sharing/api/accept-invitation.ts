import type { AcceptInvitationResponse } from '@app/contracts/sharing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { getInvitationDetailsQueryOptions } from './get-invitation-details.ts'

export type AcceptInvitationInput = { token: string; password?: string | undefined }

/** Accepts an invitation; the answer signs the invitee in (the gateway's cookie) and names where to go. */
export function acceptInvitation({
  token,
  password,
}: AcceptInvitationInput): Promise<AcceptInvitationResponse> {
  return apiClient.post('/api/invitations/accept/:token', password === undefined ? undefined : { password }, {
    params: { token },
    schema: async () => (await import('@app/contracts/sharing')).AcceptInvitationResponseSchema,
  })
}

/**
 * Accepting signs someone in (or changes who is signed in), so every cached answer is read afresh, and
 * the acceptance completes only once they are: the page says "You are signed in" when the header does.
 * The used link's details would now be refused, so they are left as they were rather than read again.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (_answer, { token }) => {
      const [details] = getInvitationDetailsQueryOptions(token).queryKey
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== details })
    },
  })
}
