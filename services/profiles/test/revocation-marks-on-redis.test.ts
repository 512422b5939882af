import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { deletedUserKey } from '@app/contracts/account-deletion'
import { revokedGrantKey } from '@app/contracts/sharing'
import { createRedisKeyValueStore } from '@app/kit/kv/redis'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { useRedisServer } from '@app/kit/testing/redis-replicas'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { createGrantsRepository } from '../src/repositories/grants-repository.ts'
import { ada, as, discScores, guest } from './support/profiles-app.ts'

const GRANTS = 2_001
const ADA_GRANT = 1_500

/**
 * A guest holding thousands of grants, with the revocation marks in Redis as in the cluster and compose
 * modes (decision 012): a request reads the marks in a few batched commands, not one per grant.
 */
describe.skipIf(!redisAvailable)('revocation marks on Redis for a guest with thousands of grants', () => {
  const redis = useRedisServer()

  // The server's own count of the commands it ran, read with redis-cli so that the count adds none.
  const calls = (command: string) => {
    const stats = execFileSync('redis-cli', ['-p', String(redis.port), 'INFO', 'commandstats'], {
      encoding: 'utf8',
      env: { ...process.env, REDISCLI_AUTH: redis.password },
    })
    const line = stats.split('\n').find((entry) => entry.startsWith(`cmdstat_${command}:`))
    return Number(/calls=(\d+)/.exec(line ?? '')?.[1] ?? 0)
  }

  it('reads every mark in one MGET per 1,000 keys, and refuses a revoked grant or deleted owner on the next request', async () => {
    const dependencies = await createEmbeddedDependencies('profiles')
    const kv = createRedisKeyValueStore(redis.url)
    redis.closeAfterTest(dependencies, kv)
    // The grants projection's documents, as thousands of accepted invitations would have left them.
    const grants = await createGrantsRepository(dependencies.store)
    for (let invitationId = 1; invitationId <= GRANTS; invitationId += 1)
      await grants.grant({
        invitationId,
        rootInvitationId: invitationId,
        parentInvitationId: null,
        ownerId: invitationId === ADA_GRANT ? ada.userId : 10_000 + invitationId,
        granteeId: guest.userId,
        inviteeRole: 'guest_standard',
        sharedBy: { name: 'Owner', email: 'owner@example.com' },
        acceptedAt: new Date().toISOString(),
      })
    const app = await buildApp({ ...dependencies, kv })
    redis.closeAfterTest(app)
    const saved = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as(ada),
      payload: { name: 'Ada Profile', ...discScores },
    })
    expect(saved.statusCode).toBe(201)
    const visible = async () => {
      const answer = await app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(guest) })
      expect(answer.statusCode).toBe(200)
      return (answer.json() as Array<{ name: string }>).map((profile) => profile.name)
    }
    expect(await visible()).toEqual(['Ada Profile'])

    const before = { mget: calls('mget'), get: calls('get') }
    expect(await visible()).toEqual(['Ada Profile'])
    // A mark per grant and one per owner (each grant here has its own): an owner's account deleted counts too
    // (docs/decisions/061-account-deletion.md).
    expect(calls('mget') - before.mget).toBe(Math.ceil((GRANTS + GRANTS) / 1000))
    // The catalog's change log reads its sequence number; no GET is made per grant.
    expect(calls('get') - before.get).toBeLessThan(5)

    // What sharing writes before its revoke answers: the very next request no longer shows Ada's profile.
    await kv.set(revokedGrantKey(ADA_GRANT), '1')
    expect(await visible()).toEqual([])
    // And what auth writes before a deletion of the owner answers, for the grant without its own mark.
    await kv.delete(revokedGrantKey(ADA_GRANT))
    expect(await visible()).toEqual(['Ada Profile'])
    await kv.set(deletedUserKey(ada.userId), '1')
    expect(await visible()).toEqual([])
  }, 60_000)
})
