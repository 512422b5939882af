import { RevokeInvitationResponseSchema } from '@app/contracts/sharing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

export type RevokeInvitationResponse = z.infer<typeof RevokeInvitationResponseSchema>

/** Revokes an invitation the caller sent, and every forward below it. */
export async function revokeInvitation(id: number): Promise<RevokeInvitationResponse> {
  return RevokeInvitationResponseSchema.parse(await apiClient.delete<unknown>(`/api/invitations/${id}`))
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARING_QUERY_KEY }),
  })
}
