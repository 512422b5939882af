import { AdminUserSchema, type AdminUser, type UpdateUserRequest } from '@app/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { ADMIN_USERS_QUERY_KEY } from './admin-query-keys.ts'

/** Changes an account's e-mail (and with it the username) or password; the account's sessions end. */
export async function updateUser({ id, ...changes }: UpdateUserRequest & { id: number }): Promise<AdminUser> {
  return AdminUserSchema.parse(await apiClient.put<unknown>(`/api/admin/user/${id}`, changes))
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    // The details and the list are read again, so both show what the server now holds.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  })
}
