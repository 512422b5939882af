import type { CreatedScimToken } from '@app/contracts/scim-tokens'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { invalidateEndpoints } from '../../../lib/query-refresh.ts'

/** Creates a SCIM token; the answer holds the token, the only time it is shown. */
export function createScimToken(label: string): Promise<CreatedScimToken> {
  return apiClient.post(
    '/api/admin/scim-tokens',
    { label },
    {
      schema: async () => (await import('@app/contracts/scim-tokens')).CreatedScimTokenSchema,
    },
  )
}

export function useCreateScimToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: () => invalidateEndpoints(queryClient, ['/api/admin/scim-tokens']),
  })
}
