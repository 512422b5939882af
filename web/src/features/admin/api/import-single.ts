import type { ImportResult } from '@app/contracts/imports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { refreshAfterImport } from './refresh-after-import.ts'

/** Adds one person with DISC scores (Simple Import, Single User); the password is generated in lower case. */
export function importSingle(input: ApiBody<'POST', '/api/admin/import/single'>): Promise<ImportResult> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  return apiClient.post('/api/admin/import/single', input, {
    headers,
    schema: async () => (await import('@app/contracts/imports')).ImportResultSchema,
  })
}

export function useImportSingle() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: importSingle, onSettled: () => refreshAfterImport(queryClient) })
}
