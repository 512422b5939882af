import { AcceptInvitationResponseSchema, type AcceptInvitationResponse } from '@app/contracts/sharing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export type AcceptInvitationInput = { token: string; password?: string | undefined }

/** Accepts an invitation; the answer signs the invitee in (the gateway's cookie) and names where to go. */
export async function acceptInvitation({
  token,
  password,
}: AcceptInvitationInput): Promise<AcceptInvitationResponse> {
  return AcceptInvitationResponseSchema.parse(
    await apiClient.post<unknown>(
      `/api/invitations/accept/${encodeURIComponent(token)}`,
      password === undefined ? undefined : { password },
    ),
  )
}

/** Accepting signs someone in (or changes who is signed in), so every cached answer is read afresh. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
