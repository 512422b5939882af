import type { ScimToken } from '@app/contracts/scim-tokens'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The SCIM tokens in force, without the tokens themselves. */
export function getScimTokens(): Promise<ScimToken[]> {
  return apiClient.get('/api/admin/scim-tokens')
}

export function getScimTokensQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/scim-tokens'), queryFn: getScimTokens })
}

export function useScimTokens() {
  return useQuery(getScimTokensQueryOptions())
}
