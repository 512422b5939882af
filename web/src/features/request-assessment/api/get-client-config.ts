import type { ClientConfig } from '@app/contracts/client-config'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export function getClientConfig(): Promise<ClientConfig> {
  return apiClient.get('/api/config')
}

export function getClientConfigQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/config'), queryFn: getClientConfig })
}

export function useClientConfig() {
  return useQuery(getClientConfigQueryOptions())
}
