import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { clearStoredUser } from '../../../lib/stored-user.ts'
import { getMeQueryOptions } from './get-me.ts'

export async function logout(): Promise<void> {
  await apiClient.post<unknown>('/api/auth/logout')
}

/** Logs out; whether or not the call succeeds, local state is cleared (spec section 4). */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearStoredUser()
      queryClient.clear()
      // Mounted views read "signed out" at once instead of refetching the user they just dropped.
      queryClient.setQueryData(getMeQueryOptions().queryKey, null)
    },
  })
}
