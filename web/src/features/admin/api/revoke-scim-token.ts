import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { invalidateEndpoints } from '../../../lib/query-refresh.ts'

/** Revokes a SCIM token: its next request is refused. */
export function revokeScimToken(id: string): Promise<{ message: string }> {
  return apiClient.delete('/api/admin/scim-tokens/:id', {
    params: { id },
    schema: async () => (await import('@app/contracts/auth')).MessageSchema,
  })
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: () => invalidateEndpoints(queryClient, ['/api/admin/scim-tokens']),
  })
}
