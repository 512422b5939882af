import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startAllInOne } from '../../../scripts/all-in-one.ts'
import { ApiSession, createAccount } from '../../src/api.ts'

/**
 * docs/security.md 10: a session ended by logout, a password change or an administrator's edit stays ended after
 * the all-in-one product restarts on the same data folder (decision 008).
 */
describe('ended sessions after a restart of the all-in-one product', () => {
  const administrator = {
    email: 'restart-admin@example.test',
    password: randomBytes(18).toString('base64url'),
  }
  let dataDirectory = ''
  afterAll(async () => {
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true })
  })

  const start = () =>
    startAllInOne({
      dataDirectory,
      port: 0,
      webRoot: null,
      logLevel: 'warn',
      env: { ADMIN_EMAIL: administrator.email, ADMIN_PASSWORD: administrator.password },
    })

  it('stay ended, while a session nobody ended still works', async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-restart-'))
    let product = await start()
    const replayed: Record<'loggedOut' | 'otherSession' | 'editedByAdmin' | 'untouched', string> = {
      loggedOut: '',
      otherSession: '',
      editedByAdmin: '',
      untouched: '',
    }
    try {
      const admin = new ApiSession(product.url)
      await admin.login(administrator.email, administrator.password)
      const person = (firstName: string) => ({ firstName, lastName: 'Restart' })

      const leaver = await createAccount(admin, 'standard', person('Leaver'))
      replayed.loggedOut = leaver.session.sessionToken!
      await leaver.session.expect(200, 'POST', '/api/auth/logout')

      // A password change ends the user's other sessions.
      const changer = await createAccount(admin, 'standard', person('Changer'))
      const other = new ApiSession(product.url)
      await other.login(changer.username, changer.password)
      replayed.otherSession = other.sessionToken!
      await changer.session.expect(200, 'POST', '/api/auth/change-password', {
        currentPassword: changer.password,
        newPassword: 'a-new-password-after-change',
      })

      const edited = await createAccount(admin, 'standard', person('Edited'))
      replayed.editedByAdmin = edited.session.sessionToken!
      await admin.expect(200, 'PUT', `/api/admin/user/${edited.user.id}`, {
        email: 'edited.restart@example.test',
      })

      const untouched = await createAccount(admin, 'standard', person('Untouched'))
      replayed.untouched = untouched.session.sessionToken!

      // Replays a cookie as it was, the way a stolen or kept cookie would come back.
      const statusWith = async (url: string, token: string) =>
        (await fetch(new URL('/api/auth/me', url), { headers: { cookie: `session=${token}` } })).status
      const before = {
        loggedOut: await statusWith(product.url, replayed.loggedOut),
        otherSession: await statusWith(product.url, replayed.otherSession),
        editedByAdmin: await statusWith(product.url, replayed.editedByAdmin),
        untouched: await statusWith(product.url, replayed.untouched),
      }
      expect(before).toEqual({ loggedOut: 401, otherSession: 401, editedByAdmin: 401, untouched: 200 })

      await product.close()
      product = await start()

      const after = {
        loggedOut: await statusWith(product.url, replayed.loggedOut),
        otherSession: await statusWith(product.url, replayed.otherSession),
        editedByAdmin: await statusWith(product.url, replayed.editedByAdmin),
        untouched: await statusWith(product.url, replayed.untouched),
      }
      // The untouched session still works, so the refusals are the revocations', not a new secret's.
      expect(after).toEqual({ loggedOut: 401, otherSession: 401, editedByAdmin: 401, untouched: 200 })
    } finally {
      await product.close()
    }
  }, 120_000)
})
