import type { AccessibleProfile, Profile } from '@app/contracts/profiles'
import type { Identity } from '@app/kit/identity'
import { accessibleProfiles, withAccess } from './access.ts'
import type { CatalogView } from './profile-catalog.ts'

/**
 * The people of a saved team as the caller may see them now (docs/decisions/058-saved-teams.md): the same
 * check as every profile read (access.ts), made at each read, so a member whose profile was deleted or whose
 * share was revoked drops out of the view and the report at once and is counted in `leftOut`.
 */
export function teamMembersSeenBy(view: CatalogView, identity: Identity, memberIds: readonly number[]) {
  const access = accessibleProfiles(view, identity)
  const profiles: Profile[] = []
  for (const id of memberIds) {
    const profile = view.byId(id)
    if (profile && access.canSee(profile)) profiles.push(profile)
  }
  return {
    profiles,
    leftOut: memberIds.length - profiles.length,
    members: (): AccessibleProfile[] => profiles.map((profile) => withAccess(profile, access)),
  }
}

/**
 * The ids a caller saves in a team, each once, in the order chosen; null when one of them is not theirs to
 * see (or does not exist), so a team never names a profile its creator could not open.
 */
export function visibleMemberIds(
  view: CatalogView,
  identity: Identity,
  profileIds: readonly number[],
): number[] | null {
  const access = accessibleProfiles(view, identity)
  const ids = [...new Set(profileIds)]
  for (const id of ids) {
    const profile = view.byId(id)
    if (!profile || !access.canSee(profile)) return null
  }
  return ids
}
