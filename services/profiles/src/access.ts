import type { AccessibleProfile, AccessType, Profile } from '@app/contracts/profiles'
import type { Identity } from '@app/kit/identity'
import type { CacheScope, CatalogView } from './profile-catalog.ts'

/**
 * The profiles a caller may see, newest first. 'accessible' is what the spec's accessible-profiles call
 * answers for everyone: their own (and, once sharing exists, those shared with them). 'all' widens it to
 * every profile for an administrator (all-profiles, search and the assessments list: DESIGN.md decision 7).
 * Profiles shared with the caller join here once sharing exists, as another source with its own access
 * type: their owners then join `scope`, and `key` names the grants it was computed from.
 */
export interface AccessibleProfiles {
  /** Names this caller's set, for texts and indexes cached per set. */
  key: string
  /** What the set is derived from, so that cached texts follow changes of exactly that. */
  scope: CacheScope
  profiles: readonly Profile[]
  accessTypeOf(profile: Profile): AccessType
  canSee(profile: Profile): boolean
}

export function isAdministrator(identity: Identity): boolean {
  return identity.role === 'administrator'
}

export function accessibleProfiles(
  view: CatalogView,
  identity: Identity,
  scope: 'accessible' | 'all' = 'all',
): AccessibleProfiles {
  if (scope === 'all' && isAdministrator(identity)) {
    return {
      key: `administrator:${identity.userId}`,
      scope: 'everyone',
      profiles: view.all,
      accessTypeOf: (profile) => (profile.userId === identity.userId ? 'owner' : 'administrator'),
      canSee: () => true,
    }
  }
  return {
    key: `owner:${identity.userId}`,
    scope: { owners: [identity.userId] },
    profiles: view.ofOwner(identity.userId),
    accessTypeOf: () => 'owner',
    canSee: (profile) => profile.userId === identity.userId,
  }
}

export function withAccess(profile: Profile, access: AccessibleProfiles): AccessibleProfile {
  return { ...profile, accessType: access.accessTypeOf(profile) }
}
