import { MessageSchema, type ResetPasswordRequest } from '@app/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  return MessageSchema.parse(await apiClient.post<unknown>('/api/auth/reset-password', input)).message
}

/** A reset ends every session of that account, so the current user is read afresh afterwards. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  })
}
