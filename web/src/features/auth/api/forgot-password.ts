import { ForgotPasswordResponseSchema, type ForgotPasswordResponse } from '@app/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export async function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return ForgotPasswordResponseSchema.parse(
    await apiClient.post<unknown>('/api/auth/forgot-password', { email }),
  )
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
