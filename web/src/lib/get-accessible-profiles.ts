import type { AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from './api-client.ts'
import { apiQueryKey } from './query-keys.ts'

/**
 * `GET /api/accessible-profiles`: the caller's own profiles and those shared with them, newest first. My
 * Profile lists them all and sharing's pages pick from them, so it lives here, where both features reach it,
 * and every page shares its one cache entry.
 */
export function getAccessibleProfiles(): Promise<AccessibleProfile[]> {
  return apiClient.get('/api/accessible-profiles')
}

export function getAccessibleProfilesQueryOptions() {
  return queryOptions({
    queryKey: apiQueryKey('/api/accessible-profiles'),
    queryFn: getAccessibleProfiles,
  })
}

export function useAccessibleProfiles() {
  return useQuery(getAccessibleProfilesQueryOptions())
}
