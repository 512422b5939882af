import type { AccessibleProfile, AccessType, Profile } from '@app/contracts/profiles'
import type { Identity } from '@app/kit/identity'
import type { CacheScope, CatalogView } from './profile-catalog.ts'
import type { Grant } from './repositories/grants-repository.ts'

/**
 * The profiles a caller may see, newest first. 'accessible' is what the spec's accessible-profiles call
 * answers for everyone: their own and those shared with them. 'all' widens it to every profile for an
 * administrator (all-profiles, search and the assessments list: decision 037). Shared profiles come
 * from the caller's grants, with the person who shared them (`sharedBy`); `key` names the grants the set was
 * computed from, and their owners join `scope`, so cached texts follow changes of exactly those.
 */
export interface AccessibleProfiles {
  /** Names this caller's set, for texts and indexes cached per set. */
  key: string
  /** What the set is derived from, so that cached texts follow changes of exactly that. */
  scope: CacheScope
  profiles(): readonly Profile[]
  accessTypeOf(profile: Profile): AccessType
  sharedByOf(profile: Profile): { name: string; email: string } | undefined
  /** On a forward: the guest owner it came through; and whether the caller may share it on. */
  sharingOf?(profile: Profile): Pick<Grant, 'sharedVia' | 'mayForward'> | undefined
  canSee(profile: Profile): boolean
  /** Set for a profile the caller sees through the administrator role rather than a grant. */
  visibleAsOf?(profile: Profile): 'administrator' | undefined
}

export function isAdministrator(identity: Identity): boolean {
  return identity.role === 'administrator'
}

interface GranteeSet {
  key: string
  owners: readonly number[]
  /** Per owner: the grant that names who shared it, and whether any grant of that owner may be forwarded. */
  sharedBy: ReadonlyMap<number, { name: string; email: string }>
  sharing: ReadonlyMap<number, Pick<Grant, 'sharedVia' | 'mayForward'>>
}

/**
 * What a grantee's grants name: the owners whose profiles they see, who shared each, and the key of the set.
 * Derived once per list of grants: the catalog hands out the same list until the grants change (and a fresh
 * one while a revocation mark leaves some out), so a guest's request does no work per grant here.
 */
const granteeSets = new WeakMap<readonly Grant[], GranteeSet>()
function granteeSetOf(self: number, grants: readonly Grant[]): GranteeSet {
  const known = granteeSets.get(grants)
  if (known) return known
  // The oldest grant of an owner names who shared it; later ones add nothing the caller cannot see already.
  const sharedBy = new Map<number, { name: string; email: string }>()
  const sharing = new Map<number, Pick<Grant, 'sharedVia' | 'mayForward'>>()
  for (const grant of grants) {
    if (grant.ownerId === self) continue
    const known = sharing.get(grant.ownerId)
    if (!known) {
      sharedBy.set(grant.ownerId, grant.sharedBy)
      sharing.set(grant.ownerId, { sharedVia: grant.sharedVia, mayForward: grant.mayForward })
    } else if (grant.mayForward && !known.mayForward) {
      // A later 'View and share' adds the right to forward to what an earlier view-only grant gave.
      sharing.set(grant.ownerId, { ...known, mayForward: true })
    }
  }
  const set = {
    key: `grantee:${self}:${grants.map((grant) => grant.invitationId).join('.')}`,
    owners: [self, ...sharedBy.keys()],
    sharedBy,
    sharing,
  }
  granteeSets.set(grants, set)
  return set
}

/** The view must have been made for this identity (`catalog.view(identity.userId)`), so marks are applied. */
export function accessibleProfiles(
  view: CatalogView,
  identity: Identity,
  scope: 'accessible' | 'all' = 'all',
): AccessibleProfiles {
  const self = identity.userId
  if (scope === 'all' && isAdministrator(identity)) {
    return {
      key: `administrator:${self}`,
      scope: 'everyone',
      // Only when a route needs the list itself, not when its cached text or index is still current.
      profiles: () => view.all(),
      // The spec allows 'owner' or 'shared' only: another's profile is 'shared', by its owner (with the name
      // and e-mail auth announced for them), and `visibleAs` says the role is why.
      accessTypeOf: (profile) => (profile.userId === self ? 'owner' : 'shared'),
      sharedByOf: (profile) =>
        profile.userId === self
          ? undefined
          : (view.ownerOf(profile.userId) ?? { name: profile.name, email: '' }),
      canSee: () => true,
      visibleAsOf: (profile) => (profile.userId === self ? undefined : 'administrator'),
    }
  }
  const grants = view.grantsOf(self)
  if (grants.length === 0) {
    return {
      key: `owner:${self}`,
      scope: { owners: [self] },
      // Made from the catalog's table only when a route needs the list itself (profile-table.ts).
      profiles: () => view.ofOwner(self),
      accessTypeOf: () => 'owner',
      sharedByOf: () => undefined,
      canSee: (profile) => profile.userId === self,
    }
  }
  const { key, owners, sharedBy, sharing } = granteeSetOf(self, grants)
  // Merged only when a route needs the list itself, not when its cached text or index is still current.
  let merged: Profile[] | null = null
  return {
    key,
    scope: { owners },
    profiles: () =>
      (merged ??= owners
        .flatMap((owner) => view.ofOwner(owner))
        .sort((first, second) => second.id - first.id)),
    accessTypeOf: (profile) => (profile.userId === self ? 'owner' : 'shared'),
    sharedByOf: (profile) => sharedBy.get(profile.userId),
    sharingOf: (profile) => sharing.get(profile.userId),
    canSee: (profile) => profile.userId === self || sharedBy.has(profile.userId),
  }
}

/**
 * The one answer to "may this caller see this profile?": the profile, or null alike when it is missing and
 * when it is not theirs to see, so ids cannot be probed. Every route that hands out one profile asks here.
 */
export function visibleProfile(view: CatalogView, identity: Identity, id: number): Profile | null {
  const profile = view.byId(id)
  return profile && accessibleProfiles(view, identity).canSee(profile) ? profile : null
}

export function withAccess(profile: Profile, access: AccessibleProfiles): AccessibleProfile {
  const sharedBy = access.sharedByOf(profile)
  const visibleAs = access.visibleAsOf?.(profile)
  const sharing = access.sharingOf?.(profile)
  return {
    // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
    ...{},
    ...profile,
    accessType: access.accessTypeOf(profile),
    ...(sharedBy ? { sharedBy } : {}),
    ...(sharing?.sharedVia ? { sharedVia: sharing.sharedVia } : {}),
    ...(sharing?.mayForward ? { mayForward: true } : {}),
    ...(visibleAs ? { visibleAs } : {}),
  }
}
