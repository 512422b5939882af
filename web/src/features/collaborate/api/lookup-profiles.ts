import type { AccessibleProfile } from '@app/contracts/profiles'
import { useQuery } from '@tanstack/react-query'
import { lookupProfiles } from '../../../lib/lookup-profiles.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export { useLookupProfiles } from '../../../lib/lookup-profiles.ts'

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
