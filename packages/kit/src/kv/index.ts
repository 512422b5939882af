import { join } from 'node:path'
import { createMemoryKeyValueStore } from './memory.ts'
import type { KeyValueStore } from './port.ts'
import { createRedisKeyValueStore } from './redis.ts'

export * from './port.ts'

/** Keys of the gateway's session revocations (`session:revoked:…`, `session:valid-after:…`). */
export const SESSION_KEY_PREFIX = 'session:'

export { createMemoryKeyValueStore, type MemoryKeyValueStoreOptions } from './memory.ts'
export { createRedisKeyValueStore, type RedisKeyValueStoreOptions } from './redis.ts'

/** The embedded store's journal in a data folder (decision 008). */
export const journalFileOf = (dataDirectory: string) => join(dataDirectory, 'kv', 'journal.jsonl')

/**
 * Redis when `REDIS_URL` is set (cluster, compose, Helm), otherwise the embedded store, persisted under the
 * data folder when one is given so that revocations survive a restart (decision 008).
 */
export function createKeyValueStore(options: {
  redisUrl?: string | undefined
  dataDirectory?: string | undefined
}): KeyValueStore {
  if (options.redisUrl) return createRedisKeyValueStore(options.redisUrl)
  if (!options.dataDirectory) return createMemoryKeyValueStore()
  return createMemoryKeyValueStore({
    journalFile: journalFileOf(options.dataDirectory),
    // The gateway's revocations and valid-after stamps reach the disk before it answers; throttles and the
    // profile catalog's change log are written without a sync (a power cut may lose their last changes).
    syncedKeyPrefixes: [SESSION_KEY_PREFIX],
  })
}
