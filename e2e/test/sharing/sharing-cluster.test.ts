import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisAvailable, startRedisServer, type RedisServer } from '@app/kit/testing/redis-server'
import { startCluster } from '../../../scripts/cluster.ts'
import { readDatafile } from '../../src/datafiles.ts'
import { ApiSession, createAccount, type Account } from '../../src/api.ts'

describe.skipIf(!redisAvailable)('sharing in the local cluster (one process per service, Redis)', () => {
  let redis: RedisServer
  let cluster: Awaited<ReturnType<typeof startCluster>>
  let dataDirectory: string
  let administrator: ApiSession
  let owner: Account

  beforeAll(async () => {
    dataDirectory = mkdtempSync(join(tmpdir(), 'sharing-cluster-'))
    redis = await startRedisServer()
    cluster = await startCluster({
      dataDirectory,
      redisUrl: redis.url,
      port: 0,
      stdio: 'ignore',
      log: () => undefined,
      env: { ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'cluster test password', LOG_LEVEL: 'warn' },
    })
    administrator = new ApiSession(cluster.url)
    await administrator.login('chief@example.com', 'cluster test password')
    owner = await createAccount(administrator, 'standard', { firstName: 'Cluster', lastName: 'Owner' })
    await owner.session.expect(201, 'POST', '/api/assessments', {
      name: 'Cluster Owner',
      dScore: 50,
      iScore: 50,
      sScore: 50,
      cScore: 50,
    })
  }, 120_000)

  afterAll(async () => {
    await cluster?.close()
    await redis?.stop()
    rmSync(dataDirectory, { recursive: true, force: true })
  })

  let counter = 0
  /** Invites a new address and accepts from a fresh session; returns the signed-in guest. */
  async function shareWithNewGuest() {
    counter += 1
    const email = `cluster.guest.${counter}@example.test`
    const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: `Guest ${counter}`,
      inviteeEmail: email,
    })) as { id: number; token: string }
    const guest = new ApiSession(cluster.url)
    await guest.expect(200, 'POST', `/api/invitations/accept/${invitation.token}`, {
      password: `guest pass ${counter}`,
    })
    return { guest, invitation }
  }
  const sees = async (guest: ApiSession) =>
    ((await guest.expect(200, 'GET', '/api/accessible-profiles')) as unknown[]).length

  it('shows an acceptance in the sharing process to the profiles process within 1 s', async () => {
    const { guest } = await shareWithNewGuest()
    const accepted = Date.now()
    await expect.poll(() => sees(guest), { timeout: 1_000, interval: 20 }).toBe(1)
    expect(Date.now() - accepted).toBeLessThan(1_000)
  })

  it('refuses a revoked guest on the very next request', async () => {
    const { guest, invitation } = await shareWithNewGuest()
    await expect.poll(() => sees(guest), { timeout: 2_000, interval: 20 }).toBe(1)
    await owner.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)
    expect(await sees(guest)).toBe(0)
  })

  it('applies every grant and revoke exactly once after the profiles process is SIGKILLed mid-stream', async () => {
    const shares = [] as Array<Awaited<ReturnType<typeof shareWithNewGuest>>>
    for (let index = 0; index < 3; index += 1) shares.push(await shareWithNewGuest())
    const killed = cluster.stop('profiles', 'SIGKILL')
    // Grants and revokes keep coming while profiles is down or dying.
    for (let index = 0; index < 3; index += 1) shares.push(await shareWithNewGuest())
    for (const share of [shares[0]!, shares[3]!])
      await owner.session.expect(200, 'DELETE', `/api/invitations/${share.invitation.id}`)
    await killed
    await cluster.start('profiles')
    const expected = shares.map((_, index) => (index === 0 || index === 3 ? 0 : 1))
    await expect
      .poll(async () => Promise.all(shares.map((share) => sees(share.guest))), {
        timeout: 15_000,
        interval: 100,
      })
      .toEqual(expected)
    const grants = readDatafile(join(dataDirectory, 'profiles', 'grants.db'))
    for (const share of shares) {
      const documents = grants.filter((grant) => grant.invitationId === share.invitation.id)
      expect(documents, `invitation ${share.invitation.id}`).toHaveLength(1)
    }
  }, 60_000)
})
