import { ImportResultSchema, type ImportResult, type SingleImportRequest } from '@app/contracts/imports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { ADMIN_QUERY_KEY } from './admin-query-keys.ts'

/** Adds one person with DISC scores (Simple Import, Single User); the password is generated in lower case. */
export async function importSingle(input: SingleImportRequest): Promise<ImportResult> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  return ImportResultSchema.parse(
    await apiClient.post<unknown>('/api/admin/import/single', input, { headers }),
  )
}

export function useImportSingle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importSingle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  })
}
