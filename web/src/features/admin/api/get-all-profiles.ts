import { AccessibleProfileListSchema, type AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { ADMIN_QUERY_KEY } from './admin-query-keys.ts'

/** Every profile (an administrator sees them all), for the DISC summaries of User Management. */
export async function getAllProfiles(): Promise<AccessibleProfile[]> {
  return AccessibleProfileListSchema.parse(await apiClient.get<unknown>('/api/all-profiles'))
}

export function getAllProfilesQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'profiles'], queryFn: getAllProfiles })
}

export function useAllProfiles() {
  return useQuery(getAllProfilesQueryOptions())
}
