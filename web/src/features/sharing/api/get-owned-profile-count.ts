import type { AccessibleProfile } from '@app/contracts/profiles'
import { useQuery } from '@tanstack/react-query'
import { getAccessibleProfilesQueryOptions } from '../../../lib/get-accessible-profiles.ts'

/** How many profiles the caller owns: an invitation shares them, so without one there is nothing to share. */
export function countOwnedProfiles(profiles: AccessibleProfile[]): number {
  return profiles.filter((profile) => profile.accessType === 'owner').length
}

/** Counted from the one cached list of accessible profiles, which a save anywhere refreshes. */
export function useOwnedProfileCount() {
  return useQuery({ ...getAccessibleProfilesQueryOptions(), select: countOwnedProfiles })
}
