import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

/** Confirms a guest account's e-mail address with the token of the link mailed to it. */
export async function confirmEmail(token: string): Promise<string> {
  return (
    await apiClient.post(
      '/api/auth/confirm-email',
      { token },
      { schema: async () => (await import('@app/contracts/auth')).MessageSchema },
    )
  ).message
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail })
}
