import { AccessibleProfileListSchema, type AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { PROFILES_QUERY_KEY } from './profiles-query-key.ts'

/** The caller's own profiles and those shared with them, newest first. */
export async function getAccessibleProfiles(): Promise<AccessibleProfile[]> {
  return AccessibleProfileListSchema.parse(await apiClient.get<unknown>('/api/accessible-profiles'))
}

export function getAccessibleProfilesQueryOptions() {
  return queryOptions({ queryKey: [...PROFILES_QUERY_KEY, 'accessible'], queryFn: getAccessibleProfiles })
}

export function useAccessibleProfiles() {
  return useQuery(getAccessibleProfilesQueryOptions())
}
