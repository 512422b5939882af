import type { AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** Every profile (an administrator sees them all), for the DISC summaries of User Management. */
export function getAllProfiles(): Promise<AccessibleProfile[]> {
  return apiClient.get('/api/all-profiles')
}

export function getAllProfilesQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/all-profiles'), queryFn: getAllProfiles })
}

export function useAllProfiles() {
  return useQuery(getAllProfilesQueryOptions())
}
