import { AccessHistorySchema, type AccessHistory } from '@app/contracts/sharing'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/** The caller's own profile's access history: every invitation chain, in tree order. */
export async function getAccessHistory(): Promise<AccessHistory> {
  return AccessHistorySchema.parse(await apiClient.get<unknown>('/api/invitations/history'))
}

export function getAccessHistoryQueryOptions() {
  return queryOptions({ queryKey: [...SHARING_QUERY_KEY, 'history'], queryFn: getAccessHistory })
}

export function useAccessHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getAccessHistoryQueryOptions(), enabled })
}
