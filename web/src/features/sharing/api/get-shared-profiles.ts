import type { AccessibleProfile } from '@app/contracts/profiles'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getAccessibleProfilesQueryOptions } from '../../../lib/get-accessible-profiles.ts'

/**
 * The profiles others shared with the caller: the spec's client filter keeps accessType 'shared', or
 * 'owner' with sharedBy set (section 6). Profiles an administrator sees by role alone are not shared.
 */
export function sharedProfilesOf(profiles: AccessibleProfile[]): AccessibleProfile[] {
  return profiles.filter(
    (profile) =>
      !profile.visibleAs &&
      (profile.accessType === 'shared' || (profile.accessType === 'owner' && profile.sharedBy)),
  )
}

/**
 * How long a page waits for a grant just accepted: it reaches the profiles service by an event, so the first
 * reads may not list it yet, and a read may fail on the way.
 */
const GRANT_WAIT_MS = 30_000
const GRANT_WAIT_INTERVAL_MS = 500

/**
 * Picked from the one cached list of accessible profiles. `awaitingOwner`: the owner whose profile an
 * invitation just shared. Until it is listed the list is read again every half second, for at most thirty
 * seconds from the first render, failed reads included; otherwise it is read once, as every query is.
 */
export function useSharedProfiles({
  enabled,
  awaitingOwner = null,
}: {
  enabled: boolean
  awaitingOwner?: number | null
}) {
  const [waitingSince] = useState(() => Date.now())
  return useQuery({
    ...getAccessibleProfilesQueryOptions(),
    select: sharedProfilesOf,
    enabled,
    refetchInterval: (query) => {
      if (awaitingOwner === null || Date.now() - waitingSince > GRANT_WAIT_MS) return false
      const listed = sharedProfilesOf(query.state.data ?? []).some(
        (profile) => profile.userId === awaitingOwner,
      )
      return listed ? false : GRANT_WAIT_INTERVAL_MS
    },
  })
}
