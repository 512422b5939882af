import type { AdminUser } from '@app/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { ACCOUNT_READS, invalidateEndpoints } from '../../../lib/query-refresh.ts'

type UpdateUserInput = ApiBody<'PUT', '/api/admin/user/:id'> & { id: number }

/** Changes an account's e-mail (and with it the username) or password; the account's sessions end. */
export function updateUser({ id, ...changes }: UpdateUserInput): Promise<AdminUser> {
  return apiClient.put('/api/admin/user/:id', changes, {
    params: { id },
    schema: async () => (await import('@app/contracts/auth')).AdminUserSchema,
  })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    // The details and the lists are read again, so both show what the server now holds.
    onSuccess: () => invalidateEndpoints(queryClient, ACCOUNT_READS),
  })
}
