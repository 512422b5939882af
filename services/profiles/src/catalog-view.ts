import type { Profile } from '@app/contracts/profiles'
import { createNameIndex, type NameIndex } from '@app/domain/name-matching'
import { sortedGrants } from './catalog-grants.ts'
import type { CacheEntry, CatalogState } from './catalog-state.ts'
import { everyProfile, profileById, profilesOfOwner } from './profile-table.ts'
import type { Grant } from './repositories/grants-repository.ts'

/** Bounds the derived values and indexes kept: 10,000 profiles serialize to about 5 MB. */
const MAX_CACHED_ENTRIES = 1_024
const MAX_CACHED_BYTES = 32_000_000
/** What a profile made from the table weighs in the cache, with its answers and strings. */
const PROFILE_BYTES = 256
/**
 * An entry nobody read for this long is dropped at the next sweep, at most one sweep per `SWEEP_EVERY_MS`: the
 * lists of people who signed out would otherwise stay until the cache fills, and every major collection of
 * the process marks them (docs/decisions/074-catalog-cache-forgets-idle-entries.md).
 */
const IDLE_MS = 60_000
const SWEEP_EVERY_MS = 10_000

/**
 * What a cached text or index was derived from: every profile, or the profiles of some owners. A change
 * invalidates only the entries that depend on what it changed.
 */
export type CacheScope = 'everyone' | { owners: readonly number[] }

/** One state of the catalog, for the length of one request's synchronous work. */
export interface CatalogView {
  /** Every profile, newest first. The arrays are shared: callers must not change them. */
  all(): readonly Profile[]
  /** The owner's profiles, newest first. */
  ofOwner(userId: number): readonly Profile[]
  byId(id: number): Profile | null
  /** The owner's name and e-mail as auth announced them, where known. */
  ownerOf(userId: number): { name: string; email: string } | null
  /**
   * The grants through which `userId` may see others' profiles, oldest invitation first. For the user the
   * view was made for, grants with a revocation mark are already left out (decision record 012).
   */
  grantsOf(userId: number): readonly Grant[]
  /**
   * A value derived from the profiles in `scope` (a serialized list, an order), computed again only after
   * they change; `weight` is its size in bytes, which bounds what the cache holds.
   */
  cached<T>(key: string, scope: CacheScope, compute: () => T, weight: (value: T) => number): T
  /**
   * The search index of a list of the profiles in `scope`, built again only after they change; `profiles`
   * is called only then, so a list that is costly to assemble (a grantee's merged list) is not made per search.
   */
  nameIndex(key: string, scope: CacheScope, profiles: () => readonly Profile[]): NameIndex<Profile>
}

function stampOf(state: CatalogState, scope: CacheScope): string {
  return scope === 'everyone'
    ? `all:${state.generation}`
    : scope.owners.map((owner) => state.ownerGenerations.get(owner) ?? 0).join(',')
}

/** `CatalogView.cached` on a state: an entry is reused while what it was derived from is unchanged. */
function cachedIn<T>(
  state: CatalogState,
  key: string,
  scope: CacheScope,
  compute: () => T,
  weight: (value: T) => number,
  now: number,
): T {
  const stamp = stampOf(state, scope)
  const known = state.cache.get(key) as CacheEntry<T> | undefined
  if (known?.stamp === stamp) {
    known.usedAt = now
    return known.value
  }
  const value = compute()
  const bytes = weight(value)
  if (known) state.cachedBytes -= known.bytes
  if (state.cache.size >= MAX_CACHED_ENTRIES || state.cachedBytes + bytes > MAX_CACHED_BYTES) {
    state.cache.clear()
    state.cachedBytes = 0
  } else if (now - state.sweptAt >= SWEEP_EVERY_MS) forgetIdle(state, now)
  state.cachedBytes += bytes
  state.cache.set(key, { stamp, value, bytes, usedAt: now })
  return value
}

function forgetIdle(state: CatalogState, now: number): void {
  state.sweptAt = now
  for (const [key, entry] of state.cache)
    if (now - entry.usedAt >= IDLE_MS) {
      state.cache.delete(key)
      state.cachedBytes -= entry.bytes
    }
}

export function viewOf(
  state: CatalogState,
  forUser: number | null,
  revoked: ReadonlySet<number>,
  now: number,
): CatalogView {
  const cached = <T>(key: string, scope: CacheScope, compute: () => T, weight: (value: T) => number) =>
    cachedIn(state, key, scope, compute, weight, now)
  return {
    all: () =>
      // Made from the table for an administrator's list, and kept as long as the cache allows.
      cached(
        'profiles:all',
        'everyone',
        () => everyProfile(state.profiles, state.defaultNames),
        (list) => list.length * PROFILE_BYTES,
      ),
    ofOwner: (userId) => profilesOfOwner(state.profiles, userId, state.defaultNames),
    byId: (id) => profileById(state.profiles, id, state.defaultNames),
    ownerOf: (userId) => {
      const name = state.defaultNames.get(userId)
      return name === undefined ? null : { name, email: state.emails.get(userId) ?? '' }
    },
    grantsOf: (userId) => {
      const held = sortedGrants(state.grants.get(userId))
      return userId === forUser && revoked.size > 0
        ? held.filter((grant) => !revoked.has(grant.invitationId))
        : held
    },
    cached,
    nameIndex: (key, scope, profiles) => {
      let indexed = 0
      return cached(
        `index:${key}`,
        scope,
        () => {
          const list = profiles()
          indexed = list.length
          return createNameIndex(list, (profile) => profile.name)
        },
        // The index holds the profiles it was made from.
        () => indexed * (64 + PROFILE_BYTES),
      )
    },
  }
}
