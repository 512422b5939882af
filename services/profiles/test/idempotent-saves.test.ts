import { describe, expect, it } from 'vitest'
import { createMemoryEventBus } from '@app/kit/bus/memory'
import { createRedisKeyValueStore } from '@app/kit/kv/redis'
import { createNedbStore } from '@app/kit/store/nedb'
import { createProcessedEventLog } from '@app/kit/store/processed-events'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { useRedisServer } from '@app/kit/testing/redis-replicas'
import { testPublicKeys } from '@app/kit/testing/service-dependencies'
import type { Identity } from '@app/kit/identity'
import { buildApp } from '../src/app.ts'
import { ada, as, discScores, grace, useProfilesService } from './support/profiles-app.ts'

type App = Awaited<ReturnType<typeof buildApp>>

const save = (app: App, caller: Identity, payload: object, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: { ...as(caller), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  })
const savedBy = async (app: App, caller: Identity) =>
  (await app.inject({ method: 'GET', url: '/api/assessments', headers: as(caller) })).json() as unknown[]

describe('POST /api/assessments with an Idempotency-Key', () => {
  const context = useProfilesService()

  it('answers a repeat with the first answer and stores nothing more', async () => {
    const first = await save(context.app, ada, { ...discScores, name: 'Ada' }, 'retry-1')
    const again = await save(context.app, ada, { ...discScores, name: 'Ada' }, 'retry-1')
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await savedBy(context.app, ada)).toHaveLength(1)
  })

  it('gives 422 for the same key with a different body, and changes nothing', async () => {
    expect((await save(context.app, ada, { ...discScores }, 'retry-2')).statusCode).toBe(201)
    const changed = await save(context.app, ada, { ...discScores, dScore: 1 }, 'retry-2')
    expect(changed.statusCode).toBe(422)
    expect(changed.json()).toEqual({
      code: 'PROFILES_IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request',
    })
    expect(await savedBy(context.app, ada)).toHaveLength(1)
  })

  it('keeps keys per user: the same key from two users saves twice', async () => {
    expect((await save(context.app, ada, discScores, 'shared')).statusCode).toBe(201)
    const other = await save(context.app, grace, discScores, 'shared')
    expect(other.statusCode).toBe(201)
    expect(other.json().userId).toBe(grace.userId)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
  })

  it('saves each request without a key, and refuses a malformed key', async () => {
    await save(context.app, ada, discScores)
    await save(context.app, ada, discScores)
    expect(await savedBy(context.app, ada)).toHaveLength(2)
    const bad = await save(context.app, ada, discScores, 'has space')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('PROFILES_INVALID_IDEMPOTENCY_KEY')
    expect(await savedBy(context.app, ada)).toHaveLength(2)
  })

  it('gives concurrent repeats with one key exactly one record, all with its answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => save(context.app, ada, discScores, 'burst')),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201))
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1)
    expect(await savedBy(context.app, ada)).toHaveLength(1)
  })
})

describe.skipIf(!redisAvailable)('Idempotency-Key across two replicas on Redis', () => {
  const redis = useRedisServer()

  it('stores one record when retries land on different replicas at once', async () => {
    const store = await createNedbStore({ directory: null })
    redis.closeAfterTest(store)
    const replica = async () => {
      const kv = createRedisKeyValueStore(redis.url)
      const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(store) })
      const app = await buildApp({ publicKeys: testPublicKeys('profiles'), store, bus, kv })
      redis.closeAfterTest(kv, bus, app)
      return app
    }
    const [one, two] = [await replica(), await replica()]
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => save(index % 2 ? one : two, ada, discScores, 'two-replicas')),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201))
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1)
    expect(await savedBy(one, ada)).toHaveLength(1)
  })
})
