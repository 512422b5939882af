import { join } from 'node:path'
import { createMemoryKeyValueStore } from './memory.ts'
import type { KeyValueStore } from './port.ts'
import { createRedisKeyValueStore } from './redis.ts'
import { createSplitKeyValueStore } from './split.ts'

export * from './port.ts'

/** Keys of the gateway's session revocations (`session:revoked:…`, `session:valid-after:…`). */
export const SESSION_KEY_PREFIX = 'session:'
/** However active, a session ends after this long and the user signs in again. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000
/**
 * A user's sessions issued before the time (ms) under this key are refused: the gateway writes it when an
 * upstream answer asks, auth when an account changes hands outside a gateway request (an import).
 */
export const sessionValidAfterKey = (userId: number | string) => `${SESSION_KEY_PREFIX}valid-after:${userId}`

export { createMemoryKeyValueStore, type MemoryKeyValueStoreOptions } from './memory.ts'
export { createRedisKeyValueStore, type RedisKeyValueStoreOptions } from './redis.ts'
export { createSplitKeyValueStore } from './split.ts'

/**
 * Keys written on nearly every request or save, which may lose their last second in a crash of their Redis:
 * rate-limit counters and throttles, idempotency answers, the profile catalog's change log. With
 * `REDIS_RELAXED_URL` they live in that Redis (`appendfsync everysec`), and every other key, revocations
 * above all, in the one of `REDIS_URL` (`appendfsync always`) (decision 020).
 */
export const RELAXED_KEY_PREFIXES = ['throttle:', 'advice:questions:', 'idempotency:', 'profiles:catalog:']
export const isRelaxedKey = (key: string) => RELAXED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))

/** The embedded store's journal in a data folder (decision 008). */
export const journalFileOf = (dataDirectory: string) => join(dataDirectory, 'kv', 'journal.jsonl')

/**
 * Redis when `REDIS_URL` is set (cluster, compose, Helm), otherwise the embedded store, persisted under the
 * data folder when one is given so that revocations survive a restart (decision 008).
 */
export function createKeyValueStore(options: {
  redisUrl?: string | undefined
  /** `REDIS_RELAXED_URL`: where the relaxed keys go; without it, every key is in `redisUrl`'s Redis. */
  relaxedRedisUrl?: string | undefined
  dataDirectory?: string | undefined
}): KeyValueStore {
  if (options.redisUrl && options.relaxedRedisUrl && options.relaxedRedisUrl !== options.redisUrl)
    return createSplitKeyValueStore(
      createRedisKeyValueStore(options.redisUrl),
      createRedisKeyValueStore(options.relaxedRedisUrl),
      isRelaxedKey,
    )
  if (options.redisUrl) return createRedisKeyValueStore(options.redisUrl)
  if (!options.dataDirectory) return createMemoryKeyValueStore()
  return createMemoryKeyValueStore({
    journalFile: journalFileOf(options.dataDirectory),
    // The gateway's revocations and valid-after stamps reach the disk before it answers; throttles and the
    // profile catalog's change log are written without a sync (a power cut may lose their last changes).
    syncedKeyPrefixes: [SESSION_KEY_PREFIX],
  })
}
