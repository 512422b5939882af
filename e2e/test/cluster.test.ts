import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { USERS_CREATED, type UserCreated } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { createRedisEventBus } from '@app/kit/bus/redis-streams'
import { createNedbStore } from '@app/kit/store/nedb'
import { createProcessedEventLog } from '@app/kit/store/processed-events'
import { signingEventBus } from '@app/kit/bus/signature'
import { startingEnvironmentVariable } from '@app/kit/testing/proc-stat'
import { redisAvailable, type RedisServer } from '@app/kit/testing/redis-server'
import { localSecrets } from '../../scripts/secrets.ts'
import { readDatafile } from '../src/datafiles.ts'
import { ApiSession } from '../src/api.ts'
import { CLUSTER_ADMINISTRATOR, useLocalCluster, type LocalClusterFixture } from '../src/cluster.ts'
import { expectHelperThreadsBelowTheLoop } from '../src/threads.ts'

describe.skipIf(!redisAvailable)(
  'the local cluster: one process per service, events over Redis Streams',
  () => {
    // As `npm run start:cluster` starts it: two redis-servers of its own under the data folder.
    const local = useLocalCluster('cluster-')
    let redis: RedisServer
    let relaxedRedis: RedisServer
    let cluster: LocalClusterFixture['cluster']
    let dataDirectory: string
    let runnerLog: string[]
    beforeAll(() => {
      ;({ redis, relaxedRedis, cluster, dataDirectory, runnerLog } = local)
    })

    it('answers health through the gateway for every service process', async () => {
      const administrator = new ApiSession(cluster.url)
      await administrator.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
      const response = await administrator.call('GET', '/api/health')
      expect(response.status).toBe(200)
      const body = response.body as { upstreams: Record<string, { status: string }> }
      expect(Object.values(body.upstreams).map((upstream) => upstream.status)).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
      ])
    })

    it("starts every process with libuv's thread pool sized to the cores, or as the operator set it", () => {
      const expected = process.env.UV_THREADPOOL_SIZE?.trim() || String(Math.max(4, availableParallelism()))
      for (const [name, child] of cluster.children) {
        // The environment the kernel holds for the process since it started: what libuv read.
        const size = startingEnvironmentVariable(child.pid!, 'UV_THREADPOOL_SIZE')
        expect({ name, size }).toEqual({ name, size: expected })
      }
      expect(cluster.children.size).toBe(7)
    })

    it("runs every process's helper threads below its event loop (decision 078)", async () => {
      for (const child of cluster.children.values()) await expectHelperThreadsBelowTheLoop(child.pid!)
      expect(cluster.children.size).toBe(7)
    })

    it('keeps revocations and events in the Redis that syncs every write, and the frequent keys in the other', async () => {
      const keysOf = (server: RedisServer) =>
        execFileSync('redis-cli', ['-p', String(server.port), '--scan'], {
          encoding: 'utf8',
          env: { ...process.env, REDISCLI_AUTH: server.password },
        }).split('\n')
      const user = new ApiSession(cluster.url)
      await user.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
      const saved = await user.call('POST', '/api/assessments', {
        assessmentType: 'disc',
        dScore: 40,
        iScore: 30,
        sScore: 20,
        cScore: 10,
      })
      expect(saved.status).toBe(201)
      await user.expect(200, 'POST', '/api/auth/logout')

      const synced = keysOf(redis)
      const relaxed = keysOf(relaxedRedis)
      expect(synced.some((key) => key.startsWith('session:revoked:'))).toBe(true)
      expect(synced.some((key) => key.startsWith('events:'))).toBe(true)
      expect(relaxed.some((key) => key.startsWith('gateway-rate:'))).toBe(true)
      expect(relaxed.some((key) => key.startsWith('profiles:catalog:'))).toBe(true)
      expect(
        synced.filter((key) => /^(?:gateway-rate|throttle|idempotency|profiles:catalog):/.test(key)),
      ).toEqual([])
      expect(relaxed.filter((key) => /^(?:session|sharing|events):/.test(key))).toEqual([])
    })

    it('carries an event from the auth process to the profiles process', async () => {
      await expect
        .poll(
          () =>
            readDatafile(join(dataDirectory, 'profiles', 'people.db')).find(
              (person) => person.username === CLUSTER_ADMINISTRATOR.email,
            ),
          { timeout: 30_000 },
        )
        .toMatchObject({ name: 'Support Administrator' })
    })

    it('delivers every event once after the consumer is killed with SIGKILL mid-stream', async () => {
      const publisherStore = await createNedbStore({ directory: null })
      // Signed with auth's key, as the auth process would: profiles honours no other users.created.v1.
      const publisher = signingEventBus(
        createRedisEventBus({
          url: redis.url,
          consumerName: 'test-publisher',
          processedLog: await createProcessedEventLog(publisherStore),
        }),
        'auth',
        localSecrets(dataDirectory, {}).privateKeys.auth!,
      )
      const total = 300
      // Ids far above any account of this cluster, so the streamed people are told apart.
      const FIRST_STREAMED_ID = 1_000_000
      const users: UserCreated[] = Array.from({ length: total }, (_, index) => ({
        id: FIRST_STREAMED_ID + index,
        username: `person${index}@example.com`,
        email: `person${index}@example.com`,
        firstName: 'Person',
        lastName: String(index),
        name: `Person ${index}`,
        role: 'standard',
      }))
      const peopleFile = join(dataDirectory, 'profiles', 'people.db')
      const streamed = () =>
        readDatafile(peopleFile).filter((person) => Number(person.userId) >= FIRST_STREAMED_ID)
      try {
        for (const user of users) await publisher.publish(createEvent(USERS_CREATED, user), String(user.id))
        await expect.poll(() => streamed().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20)
        await cluster.stop('profiles', 'SIGKILL')
        const atKill = streamed().length
        expect(atKill).toBeLessThan(total)
        await cluster.start('profiles')
        await expect.poll(() => streamed().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(total)
        const people = streamed()
        expect(people).toHaveLength(total)
        expect(new Set(people.map((person) => person.userId)).size).toBe(total)
        const handled = readDatafile(join(dataDirectory, 'profiles', 'processed_events.db')).filter(
          (record) => String(record.key).startsWith('profiles.people:'),
        )
        expect(new Set(handled.map((record) => record.key)).size).toBe(handled.length)
      } finally {
        await publisher.close()
        await publisherStore.close()
      }
    }, 120_000)

    it('answers 503 while a SIGKILLed service is down, and recovers without a manual restart', async () => {
      const administrator = new ApiSession(cluster.url)
      await administrator.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
      expect((await administrator.call('GET', '/api/accessible-profiles')).status).toBe(200)
      const profiles = cluster.children.get('profiles')!
      profiles.kill('SIGKILL')
      const down = await administrator.call('GET', '/api/accessible-profiles')
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(down.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'GATEWAY_UPSTREAM_UNAVAILABLE',
      })
      await expect
        .poll(async () => (await administrator.call('GET', '/api/accessible-profiles')).status, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(200)
      expect(runnerLog.join('\n')).toMatch(
        /profiles exited \(code none, signal SIGKILL\); restarting in \d+ ms/,
      )
    }, 60_000)
  },
)
