import { Redis, ReplyError } from 'ioredis'
import { KeyValueUnavailableError, type KeyValueStore } from './port.ts'
import { validTtl } from './ttl.ts'

export interface RedisKeyValueStoreOptions {
  /** Bound on connecting and on each command, so that an unreachable Redis fails calls instead of hanging. */
  connectTimeoutMs?: number
  commandTimeoutMs?: number
}

// INCR and the expiry in one step: a crash between them would leave a rate-limit key that never expires.
const INCREMENT_SCRIPT = `
local value = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { value, ttl }`

/** Keys per MGET: a very long list is split, so that no single command blocks Redis for long. */
export const MGET_CHUNK_SIZE = 1000

/**
 * Redis through ioredis. Without an offline queue, calls made while Redis is down reject at once with
 * KeyValueUnavailableError (callers fail closed); the client keeps reconnecting in the background.
 */
export function createRedisKeyValueStore(
  url: string,
  options: RedisKeyValueStoreOptions = {},
): KeyValueStore {
  const connectTimeoutMs = options.connectTimeoutMs ?? 1000
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  })
  // Failures reach callers as rejected calls; without a listener ioredis would print every reconnect error.
  client.on('error', () => {})
  let everReady = false
  const firstReady = new Promise<void>((resolve) => client.once('ready', resolve))
  void firstReady.then(() => (everReady = true))
  let closed = false

  const whenReady = async () => {
    if (closed) throw new KeyValueUnavailableError('The key-value store is closed')
    if (client.status === 'ready') return
    // Only the very first connection is waited for: later outages fail at once.
    if (everReady) throw new KeyValueUnavailableError('Redis is unreachable')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), connectTimeoutMs)),
    )
    const outcome = await Promise.race([firstReady, timeout])
    clearTimeout(timer)
    if (outcome === 'timeout') throw new KeyValueUnavailableError('Redis is unreachable')
  }

  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    await whenReady()
    try {
      return await command()
    } catch (error) {
      // An error answer from a reachable server (a wrong type) is a bug, not an outage.
      if (error instanceof ReplyError) throw error
      throw new KeyValueUnavailableError(`Redis command failed: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }

  return {
    kind: 'redis',
    get: (key) => run(() => client.get(key)),
    async getMany(keys) {
      // MGET needs at least one key.
      if (keys.length === 0) return []
      const chunks: string[][] = []
      for (let start = 0; start < keys.length; start += MGET_CHUNK_SIZE)
        chunks.push(keys.slice(start, start + MGET_CHUNK_SIZE))
      // Sent together on one connection, so the chunks share one round trip.
      const replies = await run(() => Promise.all(chunks.map((chunk) => client.mget(chunk))))
      return replies.flat()
    },
    async set(key, value, ttlMs) {
      const ttl = ttlMs === undefined ? undefined : validTtl(ttlMs)
      await run(() => (ttl === undefined ? client.set(key, value) : client.set(key, value, 'PX', ttl)))
    },
    delete: async (key) => (await run(() => client.del(key))) > 0,
    async increment(key, ttlMs) {
      const ttl = validTtl(ttlMs)
      const reply = await run(() => client.eval(INCREMENT_SCRIPT, 1, key, ttl))
      const [value, remaining] = reply as [number, number]
      return { value, ttlMs: remaining }
    },
    async ping() {
      try {
        return (await run(() => client.ping())) === 'PONG'
      } catch {
        return false
      }
    },
    async close() {
      if (closed) return
      closed = true
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect())
      else client.disconnect()
    },
  }
}
