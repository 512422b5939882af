import { ImportOptionsSchema, type ImportOptions } from '@app/contracts/imports'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { ADMIN_QUERY_KEY } from './admin-query-keys.ts'

/** How this tenant's imports make first passwords, and whether they may e-mail set-password links. */
export async function getImportOptions(): Promise<ImportOptions> {
  return ImportOptionsSchema.parse(await apiClient.get<unknown>('/api/admin/import/options'))
}

export function getImportOptionsQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'import-options'], queryFn: getImportOptions })
}

export function useImportOptions() {
  return useQuery(getImportOptionsQueryOptions())
}
