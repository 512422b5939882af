import { InvitationSchema, type CreateInvitationRequest, type Invitation } from '@app/contracts/sharing'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/** Invites someone to the caller's profile, or (a guest owner, with `originalOwnerId`) forwards one. */
export async function createInvitation(input: CreateInvitationRequest): Promise<Invitation> {
  return InvitationSchema.parse(await apiClient.post<unknown>('/api/invitations', input))
}

export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARING_QUERY_KEY }),
  })
}
