import { beforeEach, describe, expect, it } from 'vitest'
import { USERS_CREATED, USERS_UPDATED, type UserSnapshot } from '@app/contracts/events'
import { createRedisEventBus } from '@app/kit/bus/redis-streams'
import { createEvent, type EventBus } from '@app/kit/bus/port'
import { createRedisKeyValueStore } from '@app/kit/kv/redis'
import type { KeyValueStore } from '@app/kit/kv/port'
import { createNedbStore } from '@app/kit/store/nedb'
import type { DocumentStore } from '@app/kit/store/port'
import { createProcessedEventLog } from '@app/kit/store/processed-events'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { useRedisServer } from '@app/kit/testing/redis-replicas'
import { testEventBus, testPublicKeys } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { rebuildRecorder } from './support/catalog-log.ts'
import { ada, as, discScores } from './support/profiles-app.ts'

/**
 * Two profiles replicas that share only what replicas in production share: Redis (bus and key-value
 * store, each replica on its own connections and consumer name) and the document store (MongoDB there;
 * here one NeDB store object, since NeDB files cannot be shared between processes).
 */
describe.skipIf(!redisAvailable)('profiles replicas on Redis', () => {
  const redis = useRedisServer()
  let store: DocumentStore
  beforeEach(async () => {
    store = await createNedbStore({ directory: null })
    redis.closeAfterTest(store)
  })

  async function replica(name: string) {
    const bus: EventBus = createRedisEventBus({
      url: redis.url,
      consumerName: `profiles-${name}-${process.pid}`,
      processedLog: await createProcessedEventLog(store),
    })
    const kv: KeyValueStore = createRedisKeyValueStore(redis.url)
    const recorder = rebuildRecorder()
    const app = await buildApp({
      publicKeys: testPublicKeys('profiles'),
      store,
      bus,
      kv,
      logger: recorder.logger,
    })
    redis.closeAfterTest(kv, bus, app)
    return { app, bus, rebuilds: recorder.rebuilds }
  }

  const accessible = async (app: Awaited<ReturnType<typeof buildApp>>) =>
    (await app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(ada) })).json()
  const search = async (app: Awaited<ReturnType<typeof buildApp>>, name: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/profiles/search?name=${encodeURIComponent(name)}`,
        headers: as(ada),
      })
    ).json()

  it("shows a save on replica A in replica B's list and search at B's next request, with no reload", async () => {
    const a = await replica('a')
    const b = await replica('b')
    expect(await accessible(a.app)).toEqual([])
    expect(await accessible(b.app)).toEqual([])
    for (const name of ['Ada Lovelace', 'Ada Byron', 'Augusta King']) {
      const saved = await a.app.inject({
        method: 'POST',
        url: '/api/assessments',
        headers: as(ada),
        payload: { ...discScores, name },
      })
      expect(saved.statusCode).toBe(201)
      // No waiting: the very next request on B includes it.
      expect((await accessible(b.app))[0]).toEqual({ ...saved.json(), accessType: 'owner' })
    }
    expect((await accessible(b.app)).map((profile: { name: string }) => profile.name)).toEqual([
      'Augusta King',
      'Ada Byron',
      'Ada Lovelace',
    ])
    expect((await search(b.app, 'augusta')).match).toMatchObject({ name: 'Augusta King', userId: 12 })
    // One load each, of the empty catalog; every save after it reached B as one change.
    expect(a.rebuilds).toEqual([{ reason: 'empty', profiles: 0 }])
    expect(b.rebuilds).toEqual([{ reason: 'empty', profiles: 0 }])
  })

  it('lets users.updated.v1 change what search shows on both replicas', async () => {
    const a = await replica('a')
    const b = await replica('b')
    const user: UserSnapshot = {
      id: 12,
      username: 'ada@example.com',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      role: 'standard',
    }
    // auth's side: its own connection to the same streams.
    const auth = testEventBus(
      createRedisEventBus({
        url: redis.url,
        consumerName: `auth-${process.pid}`,
        processedLog: await createProcessedEventLog(await createNedbStore({ directory: null })),
      }),
      'auth',
    )
    redis.closeAfterTest(auth)
    await auth.publish(createEvent(USERS_CREATED, user), '12')
    await expect
      .poll(
        async () =>
          (
            await a.app.inject({
              method: 'POST',
              url: '/api/assessments',
              headers: as(ada),
              payload: discScores,
            })
          ).json().name,
      )
      .toBe('Ada Lovelace')
    expect((await search(b.app, 'Ada Lovelace')).match?.name).toBe('Ada Lovelace')

    await auth.publish(
      createEvent(USERS_UPDATED, { ...user, firstName: 'Augusta', name: 'Augusta King' }),
      '12',
    )
    for (const replicaApp of [a.app, b.app]) {
      await expect
        .poll(async () => (await search(replicaApp, 'Augusta King')).match?.name)
        .toBe('Augusta King')
      expect(await search(replicaApp, 'Ada Lovelace')).toEqual({ match: null, others: [] })
      expect(
        new Set((await accessible(replicaApp)).map((profile: { name: string }) => profile.name)),
      ).toEqual(new Set(['Augusta King']))
    }
    expect(b.rebuilds).toHaveLength(1)
  })
})
