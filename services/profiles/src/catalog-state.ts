import type { Profile } from '@app/contracts/profiles'
import { addGrant, type GrantsByGrantee } from './catalog-grants.ts'
import { addProfileRow, createProfileTable, type ProfileTable } from './profile-table.ts'
import type { Grant } from './repositories/grants-repository.ts'
import type { StoredProfile } from './repositories/assessments-repository.ts'

export interface CacheEntry<T> {
  stamp: string
  value: T
  bytes: number
  /** When it was last computed or read (catalog-view.ts forgets idle entries). */
  usedAt: number
}

/** One state of the catalog: what the change log held up to `sequence`, and what was derived from it. */
export interface CatalogState {
  /** The last change of the log that this state includes. */
  sequence: number
  /** Every profile, in columns (profile-table.ts). */
  profiles: ProfileTable
  /** Names of people as auth announced them: a profile saved without a name shows its owner's. */
  defaultNames: Map<number, string>
  /** Owners' e-mails, which the administrator's lists show (access.ts). */
  emails: Map<number, string>
  /** Active grants by grantee, then by invitation id. */
  grants: GrantsByGrantee
  generation: number
  ownerGenerations: Map<number, number>
  cache: Map<string, CacheEntry<unknown>>
  cachedBytes: number
  /** When idle entries were last looked for. */
  sweptAt: number
}

export function emptyState(sequence: number, capacity = 0): CatalogState {
  return {
    sequence,
    profiles: createProfileTable(capacity),
    defaultNames: new Map(),
    emails: new Map(),
    grants: new Map(),
    generation: 0,
    ownerGenerations: new Map(),
    cache: new Map(),
    cachedBytes: 0,
    sweptAt: 0,
  }
}

/** The state of a full load from the store: `stored` comes newest first (assessments-repository.ts, listAll). */
export function loadedState(
  sequence: number,
  stored: readonly StoredProfile[],
  people: { names: Map<number, string>; emails: Map<number, string> },
  activeGrants: readonly Grant[],
): CatalogState {
  const state = emptyState(sequence, stored.length)
  state.defaultNames = people.names
  state.emails = people.emails
  for (const grant of activeGrants) addGrant(state.grants, grant)
  // Oldest first, so that every row is added at the end of the table.
  for (let index = stored.length - 1; index >= 0; index -= 1)
    addProfileRow(state.profiles, stored[index]!.profile, stored[index]!.namedAfterOwner)
  return state
}

function touched(state: CatalogState, owner: number): void {
  state.generation += 1
  state.ownerGenerations.set(owner, (state.ownerGenerations.get(owner) ?? 0) + 1)
}

export function addProfile(state: CatalogState, saved: Profile, namedAfterOwner: boolean): void {
  if (addProfileRow(state.profiles, saved, namedAfterOwner)) touched(state, saved.userId)
}

/**
 * A person's new name and e-mail: their unnamed profiles show it from now on (profile-table.ts), and lists
 * naming them are made again.
 */
export function renameOwnersProfiles(
  state: CatalogState,
  userId: number,
  defaultName: string,
  email = state.emails.get(userId),
): void {
  const changed = state.defaultNames.get(userId) !== defaultName || state.emails.get(userId) !== email
  state.defaultNames.set(userId, defaultName)
  if (email !== undefined) state.emails.set(userId, email)
  if (changed) touched(state, userId)
}
