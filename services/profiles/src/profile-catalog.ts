import type { Profile } from '@app/contracts/profiles'
import { createNameIndex, type NameIndex } from '@app/domain/name-matching'
import { withoutUnmeasuredScores } from '@app/domain/profile-scores'
import type { CatalogChange, CatalogChangeLog } from './catalog-changes.ts'
import { addGrant, removeGrant, sortedGrants, type GrantsByGrantee } from './catalog-grants.ts'
import type { AssessmentsRepository } from './repositories/assessments-repository.ts'
import type { Grant, GrantsRepository } from './repositories/grants-repository.ts'
import type { PeopleRepository } from './repositories/people-repository.ts'

/** Changes read from the log in one round trip. */
const READ_BATCH = 200
/** Further behind than this (a replica that was paused), reloading is cheaper than replaying. */
const MAX_REPLAY = 20_000
/** A change whose number was taken but which never appeared (its writer died, or it expired). */
const DEFAULT_GAP_TIMEOUT_MS = 2_000
/** Bounds the derived values and indexes kept: 10,000 profiles serialize to about 5 MB. */
const MAX_CACHED_ENTRIES = 1_024
const MAX_CACHED_BYTES = 32_000_000

/**
 * What a cached text or index was derived from: every profile, or the profiles of some owners. A change
 * invalidates only the entries that depend on what it changed.
 */
export type CacheScope = 'everyone' | { owners: readonly number[] }

interface CacheEntry<T> {
  stamp: string
  value: T
  bytes: number
}

interface State {
  /** The last change of the log that this state includes. */
  sequence: number
  byId: Map<number, Profile>
  /**
   * Oldest first (ascending id), so that a save, which nearly always has the highest id, is added at the end
   * rather than moving every profile one place (at 120,000 profiles that took 0.13 ms per save).
   */
  ascending: Profile[]
  /** `ascending` newest first, made when asked for after a change (`all` of a view). */
  newestFirst: { generation: number; list: readonly Profile[] } | null
  /** Each owner's profiles, newest first; replaced, never changed, so a list handed out stays as it was. */
  byOwner: Map<number, readonly Profile[]>
  namedAfterOwner: Set<number>
  defaultNames: Map<number, string>
  /** Owners' e-mails, which the administrator's lists show (access.ts). */
  emails: Map<number, string>
  /** Active grants by grantee, then by invitation id. */
  grants: GrantsByGrantee
  generation: number
  ownerGenerations: Map<number, number>
  cache: Map<string, CacheEntry<unknown>>
  cachedBytes: number
}

/** One state of the catalog, for the length of one request's synchronous work. */
export interface CatalogView {
  /** Every profile, newest first. The arrays are shared: callers must not change them. */
  readonly all: readonly Profile[]
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

/** Position of `id` in a list by descending id (`newestFirst`) or ascending id, or where it would go. */
function positionOf(list: readonly Profile[], id: number, newestFirst = true): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const before = newestFirst ? list[middle]!.id > id : list[middle]!.id < id
    if (before) low = middle + 1
    else high = middle
  }
  return low
}

function newestFirstOf(state: State): readonly Profile[] {
  if (state.newestFirst?.generation !== state.generation)
    state.newestFirst = { generation: state.generation, list: state.ascending.toReversed() }
  return state.newestFirst.list
}

function emptyState(sequence: number): State {
  return {
    sequence,
    byId: new Map(),
    ascending: [],
    newestFirst: null,
    byOwner: new Map(),
    namedAfterOwner: new Set(),
    defaultNames: new Map(),
    emails: new Map(),
    grants: new Map(),
    generation: 0,
    ownerGenerations: new Map(),
    cache: new Map(),
    cachedBytes: 0,
  }
}

function touched(state: State, owner: number): void {
  state.generation += 1
  state.ownerGenerations.set(owner, (state.ownerGenerations.get(owner) ?? 0) + 1)
}

function addProfile(state: State, saved: Profile, namedAfterOwner: boolean): void {
  if (state.byId.has(saved.id)) return
  // A change logged by a replica still running older code may carry a Prevue profile's stored zeros.
  const profile = withoutUnmeasuredScores(saved)
  const defaultName = namedAfterOwner ? state.defaultNames.get(profile.userId) : undefined
  const shown =
    defaultName !== undefined && defaultName !== profile.name ? { ...profile, name: defaultName } : profile
  state.byId.set(shown.id, shown)
  if (namedAfterOwner) state.namedAfterOwner.add(shown.id)
  const last = state.ascending.at(-1)
  if (!last || last.id < shown.id) state.ascending.push(shown)
  else state.ascending.splice(positionOf(state.ascending, shown.id, false), 0, shown)
  const owned = [...(state.byOwner.get(shown.userId) ?? [])]
  owned.splice(positionOf(owned, shown.id), 0, shown)
  state.byOwner.set(shown.userId, owned)
  touched(state, shown.userId)
}

/** A person's new name and e-mail: their unnamed profiles follow it, and lists naming them are made again. */
function renameOwnersProfiles(
  state: State,
  userId: number,
  defaultName: string,
  email = state.emails.get(userId),
) {
  let changed = state.defaultNames.get(userId) !== defaultName || state.emails.get(userId) !== email
  state.defaultNames.set(userId, defaultName)
  if (email !== undefined) state.emails.set(userId, email)
  const owned = state.byOwner.get(userId) ?? []
  const renamed = owned.map((profile) => {
    if (!state.namedAfterOwner.has(profile.id) || profile.name === defaultName) return profile
    changed = true
    const updated = { ...profile, name: defaultName }
    state.byId.set(updated.id, updated)
    state.ascending[positionOf(state.ascending, updated.id, false)] = updated
    return updated
  })
  if (!changed) return
  state.byOwner.set(userId, renamed)
  touched(state, userId)
}

/**
 * Every saved assessment, held in memory so that listing and searching 10,000 profiles never scans the
 * store per request (bench/history/2026-11-21-to-27.md, "Profiles"). Every replica applies the same ordered log of changes
 * (catalog-changes.ts), each in a small constant amount of work: a save inserts one profile, a person's
 * edit renames that person's profiles. Each read first asks the log for its latest number, so a change
 * made on another replica shows on the next request. The whole catalog is loaded from the store only when
 * it is empty, when the log was lost or skipped a change, or on an explicit rebuild.
 */
export function createProfileCatalog(options: {
  assessments: AssessmentsRepository
  people: PeopleRepository
  grants: GrantsRepository
  /**
   * Which of these grants sharing has marked revoked in the key-value store: a revoke takes effect on the
   * next request, before its event has reached this replica (decision 044).
   */
  revokedAmong: (invitationIds: number[]) => Promise<ReadonlySet<number>>
  changes: CatalogChangeLog
  log: { info(details: object, message: string): void; warn(details: object, message: string): void }
  gapTimeoutMs?: number
  now?: () => number
}) {
  const { assessments, people, grants, revokedAmong, changes, log } = options
  const gapTimeoutMs = options.gapTimeoutMs ?? DEFAULT_GAP_TIMEOUT_MS
  const now = options.now ?? Date.now
  let state: State | null = null
  let syncing: Promise<void> | null = null
  let gap: { sequence: number; since: number } | null = null

  const rebuild = async (reason: string): Promise<void> => {
    // The number is read first: a change up to it was stored before it was numbered, so the load has it.
    const sequence = await changes.latest()
    const [stored, { names: defaultNames, emails }, activeGrants] = await Promise.all([
      assessments.listAll(),
      people.known(),
      grants.listActive(),
    ])
    const next = emptyState(sequence)
    next.defaultNames = defaultNames
    next.emails = emails
    for (const grant of activeGrants) addGrant(next.grants, grant)
    for (const { profile, namedAfterOwner } of stored) {
      const defaultName = namedAfterOwner ? defaultNames.get(profile.userId) : undefined
      const shown = defaultName !== undefined ? { ...profile, name: defaultName } : profile
      next.byId.set(shown.id, shown)
      next.ascending.push(shown)
      if (namedAfterOwner) next.namedAfterOwner.add(shown.id)
      const owned = next.byOwner.get(shown.userId) as Profile[] | undefined
      if (owned) owned.push(shown)
      else next.byOwner.set(shown.userId, [shown])
    }
    // Loaded newest first, as each owner's list is kept.
    next.ascending.reverse()
    state = next
    gap = null
    log.info(
      { event: 'catalog_rebuilt', reason, profiles: next.ascending.length, sequence },
      'profile catalog loaded',
    )
  }

  const apply = async (current: State, change: CatalogChange): Promise<void> => {
    switch (change.kind) {
      case 'profile-saved':
        return addProfile(current, change.profile, change.namedAfterOwner)
      case 'profiles-saved':
        for (const owner of change.owners ?? [])
          renameOwnersProfiles(current, owner.userId, owner.defaultName, owner.email)
        for (const saved of change.profiles) addProfile(current, saved.profile, saved.namedAfterOwner)
        return
      case 'person-changed':
        return renameOwnersProfiles(current, change.userId, change.defaultName, change.email)
      case 'grant-added':
        return addGrant(current.grants, change.grant)
      case 'grant-removed':
        return removeGrant(current.grants, change.granteeId, change.invitationId)
      case 'rebuild-requested':
        return rebuild(`requested: ${change.reason}`)
    }
  }

  /** Brings the state up to `target`, or as far as the log has entries; a rebuild when it cannot replay. */
  const catchUp = async (target: number): Promise<void> => {
    if (!state) return rebuild('empty')
    if (target < state.sequence) return rebuild('the change log was reset')
    if (target - state.sequence > MAX_REPLAY) return rebuild('too far behind the change log')
    while (state && state.sequence < target) {
      const current: State = state
      const from = current.sequence + 1
      const to = Math.min(target, from + READ_BATCH - 1)
      const read = await changes.read(from, to)
      for (const [offset, change] of read.entries()) {
        if (state !== current) return
        const sequence = from + offset
        if (!change) {
          // Its writer may still be storing it; wait a little, then stop trusting the log.
          if (gap?.sequence !== sequence) gap = { sequence, since: now() }
          if (now() - gap.since >= gapTimeoutMs) return rebuild(`change ${sequence} never appeared`)
          return
        }
        current.sequence = sequence
        await apply(current, change)
      }
    }
  }

  /**
   * One catch-up at a time; the others wait for it and then look again once. `target` is either the log's
   * latest number (a view), which can only be below ours if the log was lost, or a change just recorded.
   */
  const upTo = async (target: number, isLatest: boolean): Promise<State> => {
    for (let round = 0; round < 2; round += 1) {
      const lost = isLatest && state !== null && target < state.sequence
      if (state && state.sequence >= target && !lost) return state
      if (!syncing) {
        syncing = catchUp(target).finally(() => {
          syncing = null
        })
      }
      await syncing
    }
    if (!state) await rebuild('empty')
    return state!
  }

  const viewOf = (current: State, forUser: number | null, revoked: ReadonlySet<number>): CatalogView => {
    const stampOf = (scope: CacheScope) =>
      scope === 'everyone'
        ? `all:${current.generation}`
        : scope.owners.map((owner) => current.ownerGenerations.get(owner) ?? 0).join(',')
    const cached = <T>(key: string, scope: CacheScope, compute: () => T, weight: (value: T) => number): T => {
      const stamp = stampOf(scope)
      const known = current.cache.get(key) as CacheEntry<T> | undefined
      if (known?.stamp === stamp) return known.value
      const value = compute()
      const bytes = weight(value)
      if (known) current.cachedBytes -= known.bytes
      if (current.cache.size >= MAX_CACHED_ENTRIES || current.cachedBytes + bytes > MAX_CACHED_BYTES) {
        current.cache.clear()
        current.cachedBytes = 0
      }
      current.cachedBytes += bytes
      current.cache.set(key, { stamp, value, bytes })
      return value
    }
    return {
      get all() {
        return newestFirstOf(current)
      },
      ofOwner: (userId) => current.byOwner.get(userId) ?? [],
      byId: (id) => current.byId.get(id) ?? null,
      ownerOf: (userId) => {
        const name = current.defaultNames.get(userId)
        return name === undefined ? null : { name, email: current.emails.get(userId) ?? '' }
      },
      grantsOf: (userId) => {
        const held = sortedGrants(current.grants.get(userId))
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
          () => indexed * 64,
        )
      },
    }
  }

  return {
    /**
     * The catalog with every change made on any replica before this call. Given the user a request is for,
     * their grants are checked against sharing's revocation marks.
     */
    async view(forUser: number | null = null): Promise<CatalogView> {
      const current = await upTo(await changes.latest(), true)
      const held = forUser === null ? undefined : current.grants.get(forUser)
      const revoked = held?.size ? await revokedAmong([...held.keys()]) : new Set<number>()
      return viewOf(current, forUser, revoked)
    },
    /**
     * Announces a change this replica has just stored, to every replica including itself. When the log
     * cannot be reached the change is stored but unannounced: this replica reloads, the others see it at
     * their next reload.
     */
    async record(change: CatalogChange): Promise<void> {
      let sequence: number
      try {
        sequence = await changes.append(change)
      } catch (error) {
        log.warn({ err: error }, 'could not announce a catalog change to the other replicas')
        state = null
        return
      }
      await upTo(sequence, false)
    },
    /** The explicit command: every replica reloads from the store when it reads this change. */
    async requestRebuild(reason: string): Promise<void> {
      await this.record({ kind: 'rebuild-requested', reason })
    },
  }
}
export type ProfileCatalog = ReturnType<typeof createProfileCatalog>
