import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { ApiSession, createAccount, saveDiscProfile } from '../../src/api.ts'
import { CLUSTER_ADMINISTRATOR, useLocalCluster } from '../../src/cluster.ts'
import { readDatafile } from '../../src/datafiles.ts'
import { everywhere, tracesOf } from '../../src/deletion-traces.ts'

/** What sharing and import still hold of the person, read from their data files. */
function heldBy(dataDirectory: string, email: string) {
  const mentions = (service: string, file: string) =>
    JSON.stringify(readDatafile(join(dataDirectory, service, file)))
      .toLowerCase()
      .includes(email)
  return {
    invitations: mentions('sharing', 'invitations.db'),
    history: mentions('sharing', 'access_history.db'),
  }
}

describe.skipIf(!redisAvailable)(
  'deleting an account in the local cluster (one process per service, Redis)',
  () => {
    const local = useLocalCluster('deletion-cluster-')
    let administrator: ApiSession
    beforeAll(async () => {
      administrator = new ApiSession(local.cluster.url)
      await administrator.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
    })

    it('forgets the person in every process, and finishes in the ones SIGKILLed mid-deletion once they restart', async () => {
      const { cluster, dataDirectory } = local
      const olga = await createAccount(administrator, 'standard', { firstName: 'Olga', lastName: 'Zanzibar' })
      const profileId = await saveDiscProfile(olga.session, 'Olga Zanzibar')
      const invitation = (await olga.session.expect(201, 'POST', '/api/invitations', {
        inviteeName: 'Gus Guest',
        inviteeEmail: 'gus.guest@example.test',
      })) as { token: string }
      const guest = new ApiSession(cluster.url)
      await guest.expect(200, 'POST', `/api/invitations/accept/${invitation.token}`, {
        password: 'gus guest pass 1',
      })
      const lookout = { administrator, guest, name: 'Zanzibar', email: olga.username, profileId }
      await expect.poll(() => tracesOf(lookout), { timeout: 10_000, interval: 250 }).toEqual(everywhere(true))
      expect(heldBy(dataDirectory, olga.username)).toEqual({ invitations: true, history: true })

      // Two consumers die before the deletion: its event waits for them in Redis.
      await Promise.all([cluster.stop('sharing', 'SIGKILL'), cluster.stop('import', 'SIGKILL')])
      expect(
        await olga.session.expect(200, 'DELETE', '/api/account', { password: olga.password }),
      ).toMatchObject({
        completed: true,
      })
      // The guest's very next request, answered by another process than the one that deleted.
      expect(JSON.stringify(await guest.expect(200, 'GET', '/api/accessible-profiles'))).not.toContain(
        'Zanzibar',
      )
      expect((await olga.session.call('GET', '/api/auth/me')).status).toBe(401)
      await expect
        .poll(() => tracesOf(lookout), { timeout: 15_000, interval: 250 })
        .toEqual(everywhere(false))
      // Mid-deletion: sharing has not heard of it yet.
      expect(heldBy(dataDirectory, olga.username)).toEqual({ invitations: true, history: true })

      await Promise.all([cluster.start('sharing'), cluster.start('import')])
      await expect
        .poll(() => heldBy(dataDirectory, olga.username), { timeout: 15_000, interval: 250 })
        .toEqual({ invitations: false, history: false })
      expect(
        (
          await new ApiSession(cluster.url).call('POST', '/api/auth/login', {
            username: olga.username,
            password: olga.password,
          })
        ).status,
      ).toBe(401)
      expect((await administrator.call('DELETE', `/api/admin/user/${olga.user.id}`)).status).toBe(404)
    }, 120_000)
  },
)
