import { AccessibleProfileListSchema, type AccessibleProfile } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/**
 * The profiles others shared with the caller: the spec's client filter keeps accessType 'shared', or
 * 'owner' with sharedBy set (section 6). Profiles an administrator sees by role alone are not shared.
 */
export async function getSharedProfiles(): Promise<AccessibleProfile[]> {
  const profiles = AccessibleProfileListSchema.parse(await apiClient.get<unknown>('/api/accessible-profiles'))
  return profiles.filter(
    (profile) =>
      !profile.visibleAs &&
      (profile.accessType === 'shared' || (profile.accessType === 'owner' && profile.sharedBy)),
  )
}

export function getSharedProfilesQueryOptions() {
  return queryOptions({ queryKey: [...SHARING_QUERY_KEY, 'shared-profiles'], queryFn: getSharedProfiles })
}

/** How long a page waits for a grant just accepted: it reaches the profiles service by an event. */
const GRANT_WAIT_ATTEMPTS = 20
const GRANT_WAIT_INTERVAL_MS = 500

/**
 * `awaitingOwner`: the owner whose profile an invitation just shared. Until it is listed the list is read
 * again every half second, for at most ten seconds; otherwise it is read once, as every query is.
 */
export function useSharedProfiles({
  enabled,
  awaitingOwner = null,
}: {
  enabled: boolean
  awaitingOwner?: number | null
}) {
  return useQuery({
    ...getSharedProfilesQueryOptions(),
    enabled,
    refetchInterval: (query) => {
      if (awaitingOwner === null || query.state.status === 'error') return false
      const listed = query.state.data?.some((profile) => profile.userId === awaitingOwner)
      return !listed && query.state.dataUpdateCount < GRANT_WAIT_ATTEMPTS ? GRANT_WAIT_INTERVAL_MS : false
    },
  })
}
