import type { AccessibleProfile, AccessType, Profile } from '@app/contracts/profiles'
import type { Identity } from '@app/kit/identity'
import type { CatalogView } from './profile-catalog.ts'

/**
 * The profiles a caller may see, newest first. 'accessible' is what the spec's accessible-profiles call
 * answers for everyone: their own (and, once sharing exists, those shared with them). 'all' widens it to
 * every profile for an administrator (all-profiles, search and the assessments list: DESIGN.md decision 7).
 * Profiles shared with the caller join here once sharing exists, as another source with its own access
 * type; `key` must then also name the grants it was computed from.
 */
export interface AccessibleProfiles {
  /** Names this caller's set within one catalog view, for texts cached per set. */
  key: string
  profiles: readonly Profile[]
  accessTypeOf(profile: Profile): AccessType
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
      profiles: view.all,
      accessTypeOf: (profile) => (profile.userId === identity.userId ? 'owner' : 'administrator'),
    }
  }
  return {
    key: `owner:${identity.userId}`,
    profiles: view.ofOwner(identity.userId),
    accessTypeOf: () => 'owner',
  }
}

export function withAccess(profile: Profile, access: AccessibleProfiles): AccessibleProfile {
  return { ...profile, accessType: access.accessTypeOf(profile) }
}
