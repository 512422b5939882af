import { describe, expect, it } from 'vitest'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { ApiSession, saveDiscProfile } from '../../src/api.ts'
import { CLUSTER_ADMINISTRATOR, useLocalCluster } from '../../src/cluster.ts'
import { createScimToken, entraDisable, oktaSetActive, oktaUser, scimClient } from '../../src/scim.ts'

describe.skipIf(!redisAvailable)('SCIM in the local cluster (one process per service, Redis)', () => {
  const local = useLocalCluster('scim-cluster-')

  it('deactivation in auth refuses the person’s next request at the gateway, another process; DELETE deletes', async () => {
    const url = local.cluster.url
    const administrator = new ApiSession(url)
    await administrator.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
    const { id: tokenId, token } = await createScimToken(administrator, 'Entra ID')
    const scim = scimClient(url, () => token)

    const created = await scim(
      'POST',
      '/Users',
      oktaUser('kai.cluster@example.test', 'Kai own pass 77', 'Kai'),
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const person = new ApiSession(url)
    await person.login('kai.cluster@example.test', 'Kai own pass 77')
    const profileId = await saveDiscProfile(person, 'Kai Hale')

    expect((await scim('PATCH', `/Users/${created.body.id}`, entraDisable)).body.active).toBe(false)
    expect((await person.call('GET', '/api/assessments')).status).toBe(401)
    const refused = await new ApiSession(url).call('POST', '/api/auth/login', {
      username: 'kai.cluster@example.test',
      password: 'Kai own pass 77',
    })
    expect(refused.status).toBe(403)

    expect((await scim('PATCH', `/Users/${created.body.id}`, oktaSetActive(true))).body.active).toBe(true)
    const back = new ApiSession(url)
    await back.login('kai.cluster@example.test', 'Kai own pass 77')
    const mine = (await back.expect(200, 'GET', '/api/assessments')) as Array<{ id: number }>
    expect(mine.map((profile) => profile.id)).toEqual([profileId])

    // DELETE deletes: the session ends at the gateway, and profiles, another process, drops the profile
    // when users.deleted.v1 arrives over Redis.
    expect((await scim('DELETE', `/Users/${created.body.id}`)).status).toBe(204)
    expect((await back.call('GET', '/api/auth/me')).status).toBe(401)
    await expect
      .poll(
        async () =>
          ((await administrator.expect(200, 'GET', '/api/all-profiles')) as Array<{ id: number }>).map(
            (profile) => profile.id,
          ),
        { timeout: 10_000, interval: 250 },
      )
      .not.toContain(profileId)
    expect((await scim('GET', `/Users/${created.body.id}`)).status).toBe(404)

    await administrator.expect(200, 'DELETE', `/api/admin/scim-tokens/${tokenId}`)
    const afterRevoke = await scim('GET', '/Users')
    expect(afterRevoke.status).toBe(401)
    expect(afterRevoke.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error'])
  }, 60_000)
})
