import { AccessibleProfileListSchema, type AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/**
 * The profiles others shared with the caller: the spec's client filter keeps accessType 'shared', or
 * 'owner' with sharedBy set (section 6).
 */
export async function getSharedProfiles(): Promise<AccessibleProfile[]> {
  const profiles = AccessibleProfileListSchema.parse(await apiClient.get<unknown>('/api/accessible-profiles'))
  return profiles.filter(
    (profile) => profile.accessType === 'shared' || (profile.accessType === 'owner' && profile.sharedBy),
  )
}

export function getSharedProfilesQueryOptions() {
  return queryOptions({ queryKey: [...SHARING_QUERY_KEY, 'shared-profiles'], queryFn: getSharedProfiles })
}

export function useSharedProfiles({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getSharedProfilesQueryOptions(), enabled })
}
