import { createMemoryKeyValueStore } from './memory.ts'
import type { KeyValueStore } from './port.ts'
import { createRedisKeyValueStore } from './redis.ts'

export * from './port.ts'
export { createMemoryKeyValueStore, type MemoryKeyValueStoreOptions } from './memory.ts'
export { createRedisKeyValueStore, type RedisKeyValueStoreOptions } from './redis.ts'

/** Redis when `REDIS_URL` is set (cluster, compose, Helm), otherwise the embedded in-memory store. */
export function createKeyValueStore(options: { redisUrl?: string | undefined }): KeyValueStore {
  return options.redisUrl ? createRedisKeyValueStore(options.redisUrl) : createMemoryKeyValueStore()
}
