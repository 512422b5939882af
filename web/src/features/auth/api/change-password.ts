import { MessageSchema, type ChangePasswordRequest } from '@app/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  return MessageSchema.parse(await apiClient.post<unknown>('/api/auth/change-password', input)).message
}

/**
 * Changes the signed-in user's password. The current user is refetched before the mutation settles, so
 * the guards already see that no change is pending when the page moves on.
 */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  })
}
