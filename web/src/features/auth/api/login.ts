import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { storeUser } from '../../../lib/stored-user.ts'
import { getMeQueryOptions } from './get-me.ts'

export type LoginInput = { username: string; password: string }

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)

export const LoginResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: optionalText,
  firstName: optionalText,
  lastName: optionalText,
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export async function login(input: LoginInput): Promise<LoginResponse> {
  return LoginResponseSchema.parse(await apiClient.post<unknown>('/api/auth/login', input))
}

/** Signs in, keeps the spec's local user record, and refreshes the current user so guards see the role. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      storeUser({
        id: user.id,
        username: user.username,
        ...(user.name ? { name: user.name } : {}),
        ...(user.firstName ? { firstName: user.firstName } : {}),
        ...(user.lastName ? { lastName: user.lastName } : {}),
      })
      await queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey })
    },
  })
}
