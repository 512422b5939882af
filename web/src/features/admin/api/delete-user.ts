import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { ACCOUNT_READS, PROFILE_READS, refreshEndpoints } from '../../../lib/query-refresh.ts'

/** Deletes an account with everything it holds (docs/decisions/061-account-deletion.md). */
export function deleteUser(id: number) {
  return apiClient.delete('/api/admin/user/:id', {
    params: { id },
    schema: async () => (await import('@app/contracts/account-deletion')).AccountDeletedSchema,
  })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    // The lists of accounts and of profiles no longer hold the person. The deleted account's own details
    // are not read again: they are gone (404), and the panel closes.
    onSuccess: () =>
      refreshEndpoints(queryClient, [
        ...ACCOUNT_READS.filter((path) => path !== '/api/admin/user/:id'),
        ...PROFILE_READS,
      ]),
  })
}
