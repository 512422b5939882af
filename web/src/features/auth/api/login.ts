import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { sessionEnded } from '../../../lib/session-state.ts'
import { storeUser } from '../../../lib/stored-user.ts'
import { readCurrentUser, type CurrentUser } from './current-user.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function login(input: ApiBody<'POST', '/api/auth/login'>): Promise<CurrentUser> {
  return readCurrentUser(await apiClient.post('/api/auth/login', input))
}

/** Signs in, keeps the spec's local user record, and refreshes the current user so guards see the role. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      sessionEnded.set(false)
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
