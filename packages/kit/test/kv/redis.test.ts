import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeyValueUnavailableError } from '../../src/kv/port.ts'
import { createRedisKeyValueStore, MGET_CHUNK_SIZE } from '../../src/kv/redis.ts'
import { redisAvailable, startRedisServer, type RedisServer } from '../../src/testing/redis-server.ts'
import { describeKeyValueContract } from './contract.ts'

if (!redisAvailable)
  console.warn('Skipping the Redis key-value tests: /usr/bin/redis-server is not installed')

describe.skipIf(!redisAvailable)('redis key-value store', () => {
  let server: RedisServer

  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  describeKeyValueContract('redis', async () => createRedisKeyValueStore(server.url))

  it('reads a long list of keys with one MGET per 1,000 keys and no GET', async () => {
    const own = await startRedisServer()
    const store = createRedisKeyValueStore(own.url)
    // The server's own count of the commands it ran, read with redis-cli so this client adds none.
    const calls = (command: string) => {
      const stats = execFileSync('redis-cli', ['-p', String(own.port), 'INFO', 'commandstats'], {
        encoding: 'utf8',
        env: { ...process.env, REDISCLI_AUTH: own.password },
      })
      const line = stats.split('\n').find((entry) => entry.startsWith(`cmdstat_${command}:`))
      return Number(/calls=(\d+)/.exec(line ?? '')?.[1] ?? 0)
    }
    try {
      await store.set('mark:1500', 'revoked')
      const keys = Array.from({ length: 2 * MGET_CHUNK_SIZE + 1 }, (_, index) => `mark:${index}`)
      const values = await store.getMany(keys)
      expect(values.filter((value) => value !== null)).toEqual(['revoked'])
      expect(values[1500]).toBe('revoked')
      expect(calls('mget')).toBe(3)
      expect(calls('get')).toBe(0)
    } finally {
      await store.close()
      await own.stop()
    }
  })

  it('fails closed within a second when Redis is down, and recovers when it is back on the same port', async () => {
    const own = await startRedisServer()
    const store = createRedisKeyValueStore(own.url)
    try {
      await store.set('session:1', 'valid')
      expect(await store.get('session:1')).toBe('valid')

      await own.stop()
      const started = Date.now()
      await expect(store.get('session:1')).rejects.toBeInstanceOf(KeyValueUnavailableError)
      await expect(store.getMany(['session:1', 'session:2'])).rejects.toBeInstanceOf(KeyValueUnavailableError)
      await expect(store.increment('attempts', 1000)).rejects.toBeInstanceOf(KeyValueUnavailableError)
      await expect(store.set('session:2', 'x')).rejects.toBeInstanceOf(KeyValueUnavailableError)
      expect(Date.now() - started).toBeLessThan(1000)
      expect(await store.ping()).toBe(false)

      const revived = await startRedisServer({ port: own.port, password: own.password })
      try {
        const deadline = Date.now() + 5000
        while (!(await store.ping())) {
          expect(Date.now()).toBeLessThan(deadline)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        // The new server started empty: nothing survives a restart without persistence.
        expect(await store.get('session:1')).toBeNull()
        await store.set('session:1', 'again')
        expect(await store.get('session:1')).toBe('again')
      } finally {
        await revived.stop()
      }
    } finally {
      await store.close()
      await own.stop()
    }
  })

  it('rejects within about a second when Redis was never reachable', async () => {
    const own = await startRedisServer()
    await own.stop()
    const store = createRedisKeyValueStore(own.url)
    const started = Date.now()
    await expect(store.get('anything')).rejects.toBeInstanceOf(KeyValueUnavailableError)
    expect(Date.now() - started).toBeLessThan(1500)
    await store.close()
  })
})
