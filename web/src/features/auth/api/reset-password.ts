import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function resetPassword(input: ApiBody<'POST', '/api/auth/reset-password'>): Promise<string> {
  return (
    await apiClient.post('/api/auth/reset-password', input, {
      schema: async () => (await import('@app/contracts/auth')).MessageSchema,
    })
  ).message
}

/** A reset ends every session of that account, so the current user is read afresh afterwards. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  })
}
