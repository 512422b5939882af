import { beforeEach, describe, expect, it } from 'vitest'
import { createMemoryEventBus } from '@app/kit/bus/memory'
import { createRedisKeyValueStore } from '@app/kit/kv/redis'
import { createNedbStore } from '@app/kit/store/nedb'
import type { DocumentStore } from '@app/kit/store/port'
import { createProcessedEventLog } from '@app/kit/store/processed-events'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { useRedisServer } from '@app/kit/testing/redis-replicas'
import { testPublicKeys } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { ADMIN, adminIdentity, as } from './support/auth-app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

/**
 * Two auth replicas sharing what production replicas share: Redis for the key-value store (each on its own
 * connection) and the document store (here one NeDB object). The users list one replica serialized must
 * not outlive a write made on the other.
 */
describe.skipIf(!redisAvailable)('the users list of auth replicas on Redis', () => {
  const redis = useRedisServer()
  let store: DocumentStore
  beforeEach(async () => {
    store = await createNedbStore({ directory: null })
    redis.closeAfterTest(store)
  })

  async function replica() {
    const kv = createRedisKeyValueStore(redis.url)
    const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(store) })
    const app = await buildApp({
      publicKeys: testPublicKeys('auth'),
      store,
      bus,
      kv,
      announce: () => undefined,
      mailer: { send: async () => undefined },
      config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    })
    redis.closeAfterTest(kv, bus, app)
    return app
  }

  it('shows a write made on one replica in the next list of the other', async () => {
    const first = await replica()
    const second = await replica()
    const emails = async (app: typeof first) =>
      (await app.inject({ method: 'GET', url: '/api/admin/users', headers: as(adminIdentity) }))
        .json()
        .map((user: { email: string }) => user.email)
    expect(await emails(first)).toEqual([ADMIN.email])
    expect(await emails(second)).toEqual([ADMIN.email])
    const created = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as(adminIdentity),
      payload: {
        username: 'a@example.com',
        email: 'a@example.com',
        password: 'first pass 1',
        role: 'standard',
      },
    })
    const { id } = created.json()
    expect(await emails(second)).toEqual([ADMIN.email, 'a@example.com'])
    await second.inject({
      method: 'PUT',
      url: `/api/admin/user/${id}`,
      headers: as(adminIdentity),
      payload: { email: 'b@example.com' },
    })
    expect(await emails(first)).toEqual([ADMIN.email, 'b@example.com'])
  })
})
