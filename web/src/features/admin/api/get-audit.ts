import type { AuditPage, AuditQuery } from '@app/contracts/audit'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, apiUrl } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The filters of the page as the query sends them; fields left undefined are not sent. */
export type AuditFilters = Partial<Pick<AuditQuery, 'person' | 'kind' | 'from' | 'to'>> & {
  page: number
  pageSize: number
}

/** One page of audit records, newest first. */
export function getAudit(filters: AuditFilters): Promise<AuditPage> {
  return apiClient.get('/api/admin/audit', { query: filters })
}

export function getAuditQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: apiQueryKey('/api/admin/audit', filters),
    queryFn: () => getAudit(filters),
    // The table keeps the last page while the next loads, so paging does not flash an empty table.
    placeholderData: keepPreviousData,
  })
}

export function useAudit(filters: AuditFilters) {
  return useQuery(getAuditQueryOptions(filters))
}

/** The address of the CSV download of the same filters: a plain link, so the browser saves the file. */
export function auditCsvUrl({ page: _page, pageSize: _pageSize, ...filters }: AuditFilters): string {
  return apiUrl('/api/admin/audit.csv', undefined, filters)
}
