import type { ImportOptions } from '@app/contracts/imports'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** How this tenant's imports make first passwords, and whether they may e-mail set-password links. */
export function getImportOptions(): Promise<ImportOptions> {
  return apiClient.get('/api/admin/import/options')
}

export function getImportOptionsQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/import/options'), queryFn: getImportOptions })
}

export function useImportOptions() {
  return useQuery(getImportOptionsQueryOptions())
}
