import type { CatalogChange, CatalogChangeLog } from './catalog-changes.ts'
import { removeGrant, addGrant } from './catalog-grants.ts'
import { addProfile, loadedState, renameOwnersProfiles, type CatalogState } from './catalog-state.ts'
import { viewOf, type CatalogView } from './catalog-view.ts'
import type { AssessmentsRepository } from './repositories/assessments-repository.ts'
import type { Grant, GrantsRepository } from './repositories/grants-repository.ts'
import type { PeopleRepository } from './repositories/people-repository.ts'

export type { CacheScope, CatalogView } from './catalog-view.ts'

/** Changes read from the log in one round trip. */
const READ_BATCH = 200
/** Further behind than this (a replica that was paused), reloading is cheaper than replaying. */
const MAX_REPLAY = 20_000
/** A change whose number was taken but which never appeared (its writer died, or it expired). */
const DEFAULT_GAP_TIMEOUT_MS = 2_000

export interface ProfileCatalogOptions {
  assessments: AssessmentsRepository
  people: PeopleRepository
  grants: GrantsRepository
  /**
   * The invitation ids of these grants that sharing has marked revoked, or whose owner auth has marked
   * deleted, in the key-value store: a revoke or a deletion takes effect on the next request, before its
   * event has reached this replica (decision 044, docs/decisions/061-account-deletion.md).
   */
  revokedAmong: (grants: readonly Grant[]) => Promise<ReadonlySet<number>>
  changes: CatalogChangeLog
  log: { info(details: object, message: string): void; warn(details: object, message: string): void }
  gapTimeoutMs?: number
  now?: () => number
}

/** What a catalog holds between calls: its state, the catch-up under way, and a change it is waiting for. */
interface Replica {
  options: ProfileCatalogOptions
  gapTimeoutMs: number
  now: () => number
  state: CatalogState | null
  syncing: Promise<void> | null
  gap: { sequence: number; since: number } | null
}

async function rebuild(replica: Replica, reason: string): Promise<void> {
  const { assessments, people, grants, changes, log } = replica.options
  // The number is read first: a change up to it was stored before it was numbered, so the load has it.
  const sequence = await changes.latest()
  const [stored, known, activeGrants] = await Promise.all([
    assessments.listAll(),
    people.known(),
    grants.listActive(),
  ])
  const next = loadedState(sequence, stored, known, activeGrants)
  replica.state = next
  replica.gap = null
  log.info(
    { event: 'catalog_rebuilt', reason, profiles: next.profiles.length, sequence },
    'profile catalog loaded',
  )
}

async function apply(replica: Replica, current: CatalogState, change: CatalogChange): Promise<void> {
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
      return rebuild(replica, `requested: ${change.reason}`)
  }
}

/** Brings the state up to `target`, or as far as the log has entries; a rebuild when it cannot replay. */
async function catchUp(replica: Replica, target: number): Promise<void> {
  if (!replica.state) return rebuild(replica, 'empty')
  if (target < replica.state.sequence) return rebuild(replica, 'the change log was reset')
  if (target - replica.state.sequence > MAX_REPLAY) return rebuild(replica, 'too far behind the change log')
  while (replica.state && replica.state.sequence < target) {
    const current: CatalogState = replica.state
    const from = current.sequence + 1
    const to = Math.min(target, from + READ_BATCH - 1)
    const read = await replica.options.changes.read(from, to)
    for (const [offset, change] of read.entries()) {
      if (replica.state !== current) return
      const sequence = from + offset
      if (!change) {
        // Its writer may still be storing it; wait a little, then stop trusting the log.
        if (replica.gap?.sequence !== sequence) replica.gap = { sequence, since: replica.now() }
        if (replica.now() - replica.gap.since >= replica.gapTimeoutMs)
          return rebuild(replica, `change ${sequence} never appeared`)
        return
      }
      current.sequence = sequence
      await apply(replica, current, change)
    }
  }
}

/**
 * One catch-up at a time; the others wait for it and then look again once. `target` is either the log's
 * latest number (a view), which can only be below ours if the log was lost, or a change just recorded.
 */
async function upTo(replica: Replica, target: number, isLatest: boolean): Promise<CatalogState> {
  for (let round = 0; round < 2; round += 1) {
    const { state } = replica
    const lost = isLatest && state !== null && target < state.sequence
    if (state && state.sequence >= target && !lost) return state
    if (!replica.syncing) {
      replica.syncing = catchUp(replica, target).finally(() => {
        replica.syncing = null
      })
    }
    await replica.syncing
  }
  if (!replica.state) await rebuild(replica, 'empty')
  return replica.state!
}

/**
 * Every saved assessment, held in memory so that listing and searching 10,000 profiles never scans the
 * store per request (bench/history/2026-11-21-to-27.md, "Profiles"). Every replica applies the same ordered log of changes
 * (catalog-changes.ts), each in a small constant amount of work: a save inserts one profile, a person's
 * edit renames that person's profiles. Each read first asks the log for its latest number, so a change
 * made on another replica shows on the next request. The whole catalog is loaded from the store only when
 * it is empty, when the log was lost or skipped a change, or on an explicit rebuild.
 */
export function createProfileCatalog(options: ProfileCatalogOptions) {
  const { changes, log, revokedAmong } = options
  const replica: Replica = {
    options,
    gapTimeoutMs: options.gapTimeoutMs ?? DEFAULT_GAP_TIMEOUT_MS,
    now: options.now ?? Date.now,
    state: null,
    syncing: null,
    gap: null,
  }
  return {
    /**
     * The catalog with every change made on any replica before this call. Given the user a request is for,
     * their grants are checked against sharing's revocation marks.
     */
    async view(forUser: number | null = null): Promise<CatalogView> {
      const current = await upTo(replica, await changes.latest(), true)
      const held = forUser === null ? undefined : current.grants.get(forUser)
      const revoked = held?.size ? await revokedAmong([...held.values()]) : new Set<number>()
      return viewOf(current, forUser, revoked, replica.now())
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
        replica.state = null
        return
      }
      await upTo(replica, sequence, false)
    },
    /** The explicit command: every replica reloads from the store when it reads this change. */
    async requestRebuild(reason: string): Promise<void> {
      await this.record({ kind: 'rebuild-requested', reason })
    },
  }
}
export type ProfileCatalog = ReturnType<typeof createProfileCatalog>
