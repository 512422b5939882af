import type { Profile } from '@app/contracts/profiles'
import { createNameIndex, type NameIndex } from '@app/domain/name-matching'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { AssessmentsRepository } from './repositories/assessments-repository.ts'

/** Bumped after every saved assessment, by whichever replica saved it. */
export const CATALOG_VERSION_KEY = 'profiles:assessments-version'
const VERSION_TTL_MS = 30 * 24 * 60 * 60_000
/** A safety net for a key-value store that lost the version (restart, eviction): reload at least this often. */
const DEFAULT_MAX_AGE_MS = 60_000
/** Bounds the texts kept per snapshot (serialized lists): 10,000 profiles serialize to about 5 MB. */
const MAX_CACHED_TEXTS = 16
const MAX_CACHED_CHARACTERS = 32_000_000

interface Snapshot {
  version: string
  loadedAt: number
  /** Newest first (descending id). */
  all: Profile[]
  byOwner: Map<string, Profile[]>
  texts: Map<string, string>
  textCharacters: number
  /** Name indexes per list of profiles, built on the first search of that list. */
  nameIndexes: Map<string, NameIndex<Profile>>
}

/** One consistent state of the catalog, for the length of one request's synchronous work. */
export interface CatalogView {
  /** Every profile, newest first. The arrays are shared: callers must not change them. */
  readonly all: readonly Profile[]
  /** The owner's profiles, newest first. */
  ofOwner(userId: string): readonly Profile[]
  /** A text derived from this view (a serialized list), computed once until the next save. */
  cachedText(key: string, compute: () => string): string
  /** The search index of a list from this view, built once until the next save. */
  nameIndex(key: string, profiles: readonly Profile[]): NameIndex<Profile>
}

function group(all: readonly Profile[]): Map<string, Profile[]> {
  const byOwner = new Map<string, Profile[]>()
  for (const profile of all) {
    const owned = byOwner.get(profile.userId)
    if (owned) owned.push(profile)
    else byOwner.set(profile.userId, [profile])
  }
  return byOwner
}

/** Inserts by descending id unless the id is already there (a reload may have seen it). */
function insertNewestFirst(list: Profile[], profile: Profile): void {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]!.id > profile.id) low = middle + 1
    else high = middle
  }
  if (list[low]?.id !== profile.id) list.splice(low, 0, profile)
}

/**
 * Every saved assessment, held in memory so that listing and searching 10,000 profiles never scans the
 * store per request (bench/README.md, "Profiles"). Each read checks a version counter in the key-value
 * store, so a save on another replica is seen on the next request; saves on this replica update the
 * snapshot in place. Profiles are never edited or deleted yet; a future edit must bump the version too.
 */
export function createProfileCatalog(options: {
  assessments: AssessmentsRepository
  kv: KeyValueStore
  log: { warn(details: object, message: string): void }
  maxAgeMs?: number
  now?: () => number
}) {
  const { assessments, kv, log } = options
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS
  const now = options.now ?? Date.now
  let snapshot: Snapshot | null = null
  let loading: { version: string; promise: Promise<Snapshot> } | null = null

  const load = (version: string): Promise<Snapshot> => {
    if (loading?.version === version) return loading.promise
    const promise = (async (): Promise<Snapshot> => {
      const loadedAt = now()
      const all = await assessments.listAll()
      return {
        version,
        loadedAt,
        all,
        byOwner: group(all),
        texts: new Map(),
        textCharacters: 0,
        nameIndexes: new Map(),
      }
    })()
    const current = { version, promise }
    loading = current
    promise.then(
      (loaded) => {
        if (loading === current) loading = null
        // A slower, older load must not replace a newer snapshot.
        if (!snapshot || snapshot.loadedAt <= loaded.loadedAt) snapshot = loaded
      },
      () => {
        if (loading === current) loading = null
      },
    )
    return promise
  }

  const viewOf = (state: Snapshot): CatalogView => {
    const version = state.version
    return {
      all: state.all,
      ofOwner: (userId) => state.byOwner.get(userId) ?? [],
      nameIndex(key, profiles) {
        const known = state.version === version ? state.nameIndexes.get(key) : undefined
        if (known) return known
        const index = createNameIndex(profiles, (profile) => profile.name)
        if (state.version !== version || snapshot !== state) return index
        if (state.nameIndexes.size >= MAX_CACHED_TEXTS) state.nameIndexes.clear()
        state.nameIndexes.set(key, index)
        return index
      },
      cachedText(key, compute) {
        const known = state.version === version ? state.texts.get(key) : undefined
        if (known !== undefined) return known
        const text = compute()
        // Only a view still matching its snapshot may fill the cache; a save in between changed the lists.
        if (state.version !== version || snapshot !== state) return text
        if (
          state.texts.size >= MAX_CACHED_TEXTS ||
          state.textCharacters + text.length > MAX_CACHED_CHARACTERS
        ) {
          state.texts.clear()
          state.textCharacters = 0
        }
        state.texts.set(key, text)
        state.textCharacters += text.length
        return text
      },
    }
  }

  return {
    async view(): Promise<CatalogView> {
      const version = (await kv.get(CATALOG_VERSION_KEY)) ?? '0'
      if (snapshot && snapshot.version === version && now() - snapshot.loadedAt < maxAgeMs) {
        return viewOf(snapshot)
      }
      return viewOf(await load(version))
    },
    /** Records a profile this replica has just stored. */
    async added(profile: Profile): Promise<void> {
      let version: number
      try {
        version = (await kv.increment(CATALOG_VERSION_KEY, VERSION_TTL_MS)).value
      } catch (error) {
        // The profile is stored; other replicas see it when their snapshot ages out.
        log.warn({ err: error }, 'could not announce a saved profile to other replicas')
        snapshot = null
        return
      }
      // Only when no other save happened since this snapshot can it be brought up to date in place.
      if (snapshot && snapshot.version === String(version - 1)) {
        insertNewestFirst(snapshot.all, profile)
        const owned = snapshot.byOwner.get(profile.userId)
        if (owned) insertNewestFirst(owned, profile)
        else snapshot.byOwner.set(profile.userId, [profile])
        snapshot.version = String(version)
        snapshot.texts.clear()
        snapshot.textCharacters = 0
        snapshot.nameIndexes.clear()
      } else {
        snapshot = null
      }
    },
  }
}
export type ProfileCatalog = ReturnType<typeof createProfileCatalog>
