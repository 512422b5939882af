import { join } from 'node:path'
import { createMemoryKeyValueStore } from './memory.ts'
import type { KeyValueStore } from './port.ts'
import { createRedisKeyValueStore } from './redis.ts'

export * from './port.ts'
export { createMemoryKeyValueStore, type MemoryKeyValueStoreOptions } from './memory.ts'
export { createRedisKeyValueStore, type RedisKeyValueStoreOptions } from './redis.ts'

/**
 * Redis when `REDIS_URL` is set (cluster, compose, Helm), otherwise the embedded store, persisted under the
 * data folder when one is given so that revocations survive a restart (decision 008).
 */
export function createKeyValueStore(options: {
  redisUrl?: string | undefined
  dataDirectory?: string | undefined
}): KeyValueStore {
  if (options.redisUrl) return createRedisKeyValueStore(options.redisUrl)
  return createMemoryKeyValueStore(
    options.dataDirectory ? { journalFile: join(options.dataDirectory, 'kv', 'journal.jsonl') } : {},
  )
}
