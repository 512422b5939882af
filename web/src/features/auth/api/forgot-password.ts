import type { ForgotPasswordResponse } from '@app/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return apiClient.post(
    '/api/auth/forgot-password',
    { email },
    { schema: async () => (await import('@app/contracts/auth')).ForgotPasswordResponseSchema },
  )
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
