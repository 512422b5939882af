import type { AccessHistory } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The caller's own profile's access history: every invitation chain, in tree order. */
export function getAccessHistory(): Promise<AccessHistory> {
  return apiClient.get('/api/invitations/history')
}

export function getAccessHistoryQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/invitations/history'), queryFn: getAccessHistory })
}

export function useAccessHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getAccessHistoryQueryOptions(), enabled })
}
