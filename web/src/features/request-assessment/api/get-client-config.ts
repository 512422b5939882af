import { ClientConfigSchema, type ClientConfig } from '@app/contracts/client-config'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export async function getClientConfig(): Promise<ClientConfig> {
  return ClientConfigSchema.parse(await apiClient.get<unknown>('/api/config'))
}

export function getClientConfigQueryOptions() {
  return queryOptions({ queryKey: ['config'], queryFn: getClientConfig })
}

export function useClientConfig() {
  return useQuery(getClientConfigQueryOptions())
}
