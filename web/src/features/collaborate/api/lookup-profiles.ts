import type { AccessibleProfile, ProfileLookupResponse } from '@app/contracts/profiles'
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export const LOOKUP_PAGE_SIZE = 20

/** One page of the profiles the caller may see whose name contains `q`, by name. */
export function lookupProfiles({
  q,
  cursor,
  limit = LOOKUP_PAGE_SIZE,
}: {
  q: string
  cursor?: string | null
  limit?: number
}): Promise<ProfileLookupResponse> {
  return apiClient.get('/api/profiles/lookup', {
    query: { q, limit, ...(cursor ? { cursor } : {}) },
  })
}

export function lookupProfilesQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: apiQueryKey('/api/profiles/lookup', { q }),
    queryFn: ({ pageParam }) => lookupProfiles({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/** The pickers' search: pages load one at a time as the list is scrolled, never the whole catalogue. */
export function useLookupProfiles(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...lookupProfilesQueryOptions(q), enabled })
}

type Me = { id: number; name: string }

/**
 * The signed-in user's own profile, for preselecting Profile A (docs/requirements.md section 2): matched by name, else by
 * user id. Both look at a page or two of lookups, not at every profile.
 */
export async function findOwnProfile(me: Me): Promise<AccessibleProfile | null> {
  const wanted = me.name.trim().toLowerCase()
  const byName = wanted ? (await lookupProfiles({ q: me.name.trim(), limit: 50 })).items : []
  const named = byName.filter((profile) => profile.name.trim().toLowerCase() === wanted)
  const own = (profiles: AccessibleProfile[]) => profiles.find((profile) => profile.userId === me.id)
  const found = own(named) ?? named[0] ?? own(byName)
  if (found) return found
  return own((await lookupProfiles({ q: '', limit: 50 })).items) ?? null
}

export function useOwnProfile(me: Me | null) {
  return useQuery({
    // Found through lookups, so it is one of that endpoint's answers and refreshes with them.
    queryKey: apiQueryKey('/api/profiles/lookup', { ownOf: me?.id ?? null, name: me?.name ?? '' }),
    queryFn: () => (me ? findOwnProfile(me) : null),
    enabled: me !== null,
  })
}
