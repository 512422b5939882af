import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withLoggedProduct } from '../../src/logged-product.ts'
import { ApiSession, createAccount } from '../../src/api.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'invitation-logs-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

describe('the logs of a sharing flow (docs/security.md 35)', () => {
  it('contain no invitation token, chosen password or cookie, even with tokens in request paths', async () => {
    const adminPassword = 'invitation-log-admin-password'
    await withLoggedProduct(
      {
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'debug',
        ADMIN_EMAIL: 'invitation-logs@example.test',
        ADMIN_PASSWORD: adminPassword,
      },
      async ({ url, output }) => {
        const admin = new ApiSession(url)
        await admin.login('invitation-logs@example.test', adminPassword)
        const owner = await createAccount(admin, 'standard', { firstName: 'Logged', lastName: 'Owner' })
        await owner.session.expect(201, 'POST', '/api/assessments', {
          dScore: 60,
          iScore: 40,
          sScore: 30,
          cScore: 20,
        })
        const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
          inviteeName: 'Ivy Invitee',
          inviteeEmail: 'ivy@example.test',
          inviteeRole: 'guest_owner',
        })) as { id: number; token: string }
        const outbox = join(dataDirectory, 'sharing', 'outbox.txt')
        await expect
          .poll(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(invitation.token))
          .toBe(true)
        const anonymous = new ApiSession(url)
        await anonymous.call('GET', `/api/invitations/details/${invitation.token}`)
        await anonymous.call('GET', `/api/invitations/accept/${invitation.token}`)
        await anonymous.call('GET', `/invite/${invitation.token}`)
        await anonymous.call('GET', `/api/invitations/details/${invitation.token}/x`)
        await anonymous.call('POST', `/api/invitations/accept/${invitation.token}`, {
          password: 'ivy-chosen-password',
        })
        await anonymous.call('POST', `/api/invitations/accept/${invitation.token}`, {
          password: 'ivy-replayed-password',
        })
        await owner.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)

        const forbidden = [
          invitation.token,
          'ivy-chosen-password',
          'ivy-replayed-password',
          anonymous.sessionToken!,
          owner.session.sessionToken!,
        ]
        expect(output()).toContain('invitations/details/[redacted]')
        expect(output()).toContain('"event":"invitation_accepted"')
        for (const value of forbidden)
          expect(output().includes(value), `the logs contain ${value.slice(0, 6)}…`).toBe(false)
      },
    )
  }, 60_000)
})
