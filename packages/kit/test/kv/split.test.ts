import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyValueStore, isRelaxedKey } from '../../src/kv/index.ts'
import { createRedisKeyValueStore } from '../../src/kv/redis.ts'
import { redisAvailable, startRedisServer, type RedisServer } from '../../src/testing/redis-server.ts'
import { describeKeyValueContract } from './contract.ts'

describe.skipIf(!redisAvailable)('revocations and counters in two Redis (REDIS_RELAXED_URL)', () => {
  let durable: RedisServer
  let relaxed: RedisServer

  beforeAll(async () => {
    ;[durable, relaxed] = await Promise.all([startRedisServer(), startRedisServer()])
  })
  afterAll(async () => {
    await Promise.all([durable?.stop(), relaxed?.stop()])
  })

  const split = () => createKeyValueStore({ redisUrl: durable.url, relaxedRedisUrl: relaxed.url })

  describeKeyValueContract('two redis', async () => split())
  describeKeyValueContract('two redis, relaxed keys', async () => {
    // The contract's keys, each under a relaxed prefix, so that it runs against the relaxed Redis as well.
    const store = split()
    const relaxedKey = (key: string) => `throttle:${key}`
    return {
      ...store,
      get: (key) => store.get(relaxedKey(key)),
      getMany: (keys) => store.getMany(keys.map(relaxedKey)),
      set: (key, value, ttlMs) => store.set(relaxedKey(key), value, ttlMs),
      delete: (key) => store.delete(relaxedKey(key)),
      increment: (key, ttlMs) => store.increment(relaxedKey(key), ttlMs),
    }
  })

  it('writes counters, throttles, idempotency answers and the catalog log to the relaxed Redis only', async () => {
    const store = split()
    const direct = {
      durable: createRedisKeyValueStore(durable.url),
      relaxed: createRedisKeyValueStore(relaxed.url),
    }
    try {
      const relaxedKeys = [
        'throttle:login:sam@example.com',
        'advice:questions:7',
        'idempotency:profiles:save-assessment:user:7:abc:answer',
        'profiles:catalog:change:12',
      ]
      const durableKeys = [
        'session:revoked:s1',
        'session:valid-after:7',
        'sharing:revoked-grant:3',
        'auth:users:version',
      ]
      for (const key of [...relaxedKeys, ...durableKeys]) await store.set(key, key, 60_000)
      for (const key of relaxedKeys) {
        expect(isRelaxedKey(key)).toBe(true)
        expect(await direct.relaxed.get(key)).toBe(key)
        expect(await direct.durable.get(key)).toBeNull()
      }
      for (const key of durableKeys) {
        expect(isRelaxedKey(key)).toBe(false)
        expect(await direct.durable.get(key)).toBe(key)
        expect(await direct.relaxed.get(key)).toBeNull()
      }
      // One read of keys from both, in the order asked, with a missing one of each kind.
      const asked = [
        durableKeys[0]!,
        relaxedKeys[0]!,
        'session:revoked:none',
        durableKeys[2]!,
        'throttle:none',
        relaxedKeys[3]!,
      ]
      expect(await store.getMany(asked)).toEqual([
        durableKeys[0],
        relaxedKeys[0],
        null,
        durableKeys[2],
        null,
        relaxedKeys[3],
      ])
      expect((await store.increment('throttle:login:count', 60_000)).value).toBe(1)
      expect(await direct.relaxed.get('throttle:login:count')).toBe('1')
    } finally {
      await Promise.all([store.close(), direct.durable.close(), direct.relaxed.close()])
    }
  })

  it('is one Redis when both URLs are the same, and answers ping only when both Redis do', async () => {
    const same = createKeyValueStore({ redisUrl: durable.url, relaxedRedisUrl: durable.url })
    await same.set('throttle:same', 'one')
    const direct = createRedisKeyValueStore(durable.url)
    expect(await direct.get('throttle:same')).toBe('one')
    await Promise.all([same.close(), direct.close()])

    const own = await startRedisServer()
    const store = createKeyValueStore({ redisUrl: durable.url, relaxedRedisUrl: own.url })
    expect(await store.ping()).toBe(true)
    await own.stop()
    expect(await store.ping()).toBe(false)
    // A revocation needs only the durable Redis: it is still read while the relaxed one is down.
    await store.set('session:revoked:still', '1', 60_000)
    expect(await store.get('session:revoked:still')).toBe('1')
    await store.close()
  })
})
