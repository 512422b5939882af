import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function changePassword(input: ApiBody<'POST', '/api/auth/change-password'>): Promise<string> {
  return (
    await apiClient.post('/api/auth/change-password', input, {
      schema: async () => (await import('@app/contracts/auth')).MessageSchema,
    })
  ).message
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
