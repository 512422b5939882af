import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AuditEntry, AuditKind, AuditPage } from '@app/contracts/audit'
import { withLoggedProduct } from '../../src/logged-product.ts'
import { ApiSession, createAccount, saveDiscProfile, SESSION_COOKIE } from '../../src/api.ts'
import { linkSentTo } from '../../src/outbox.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'audit-log-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

const ADMIN = { email: 'audit@example.test', password: 'audit-test-admin-password' }

/** Every record of the log, newest first, once `ready` holds of them. */
async function auditOf(admin: ApiSession, ready: (entries: AuditEntry[]) => boolean): Promise<AuditEntry[]> {
  const read = async () =>
    ((await admin.expect(200, 'GET', '/api/admin/audit?pageSize=200')) as AuditPage).entries
  await expect.poll(async () => ready(await read()), { timeout: 10_000 }).toBe(true)
  return read()
}

/**
 * Downloads the signed-in person's data from `localAddress` (a loopback address of this machine), with the
 * headers given; answers the status and the gateway's request id.
 */
function downloadFrom(
  url: string,
  session: ApiSession,
  localAddress: string,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; requestId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = get(
      new URL('/api/account/export', url),
      {
        localAddress,
        headers: { accept: '*/*', cookie: `${SESSION_COOKIE}=${session.sessionToken}`, ...headers },
      },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({ status: response.statusCode, requestId: response.headers['x-request-id'] as string }),
        )
      },
    )
    request.on('error', reject)
  })
}

const ofKind = (entries: AuditEntry[], kind: AuditKind) => entries.filter((entry) => entry.kind === kind)

describe('the audit log of the all-in-one product, through the gateway (decision 059)', () => {
  it('records each kind once with its actor, address and request id, for administrators only, and holds no secret', async () => {
    await withLoggedProduct(
      { DATA_DIR: dataDirectory, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      async ({ url }) => {
        const anonymous = new ApiSession(url)
        const unknown = await anonymous.call('POST', '/api/auth/login', {
          username: 'nobody@example.test',
          password: 'an-unknown-users-guess',
        })
        expect(unknown.status).toBe(401)
        const admin = new ApiSession(url)
        const signIn = await admin.call('POST', '/api/auth/login', {
          username: ADMIN.email,
          password: ADMIN.password,
        })
        expect(signIn.status).toBe(200)
        const signInRequestId = signIn.headers.get('x-request-id')

        // A standard user: registered by the administrator, then signs in and replaces that password.
        const owner = await createAccount(admin, 'standard', {
          firstName: 'Audra',
          lastName: 'Owner',
          password: 'owner-chosen-password',
        })
        const ownerId = owner.user.id
        const edit = await admin.call('PUT', `/api/admin/user/${ownerId}`, { password: 'admin-set-password' })
        expect(edit.status).toBe(200)
        const editRequestId = edit.headers.get('x-request-id')
        await owner.session.login(owner.username, 'admin-set-password')
        await owner.session.expect(200, 'POST', '/api/auth/change-password', {
          currentPassword: 'admin-set-password',
          newPassword: 'owner-second-password',
        })

        // A reset by e-mail: its token travels in a URL.
        await anonymous.expect(200, 'POST', '/api/auth/forgot-password', { email: owner.username })
        const outbox = join(dataDirectory, 'auth', 'outbox.txt')
        const readOutbox = () => (existsSync(outbox) ? readFileSync(outbox, 'utf8') : '')
        await expect.poll(readOutbox, { timeout: 10_000 }).toMatch(/reset-password\?token=[\w-]+/)
        const resetLink = /http:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(readOutbox())!
        await anonymous.expect(200, 'POST', '/api/auth/reset-password', {
          token: resetLink[1],
          newPassword: 'owner-reset-password',
        })
        await owner.session.login(owner.username, 'owner-reset-password')

        // An import by the administrator: two rows, one of them refused.
        const imported = (await admin.expect(200, 'POST', '/api/simple-import', {
          csvText:
            'firstName,lastName,email,dScore,iScore,sScore,cScore\nIda,Imported,ida@example.test,1,2,3,4\nNo,Address,not-an-address,1,2,3,4',
        })) as { importedUsers: Array<{ password?: string }> }
        const importedPasswords = imported.importedUsers.flatMap((user) =>
          user.password ? [user.password] : [],
        )

        // An invitation created, accepted by a new guest, and revoked.
        await saveDiscProfile(owner.session, 'Audra Owner')
        const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
          inviteeName: 'Gus Guest',
          inviteeEmail: 'gus@example.test',
          inviteeRole: 'guest_standard',
        })) as { id: number; token: string }
        const inviteLink = await linkSentTo(dataDirectory, 'gus@example.test')
        const inviteToken = inviteLink.split('/invite/')[1]!
        const guest = new ApiSession(url)
        await guest.expect(200, 'POST', `/api/invitations/accept/${inviteToken}`, {
          password: 'guest-chosen-password',
        })
        await owner.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)

        // Administrators only: the standard user is refused the log and its CSV.
        for (const path of ['/api/admin/audit', '/api/admin/audit.csv'])
          expect((await owner.session.call('GET', path)).status).toBe(403)

        const kinds: AuditKind[] = [
          'sign-in.failed',
          'user.edited',
          'password.changed',
          'password.reset',
          'import.completed',
          'invitation.created',
          'invitation.accepted',
          'invitation.revoked',
        ]
        const entries = await auditOf(admin, (found) => kinds.every((kind) => ofKind(found, kind).length > 0))
        const one = (kind: AuditKind, match: (entry: AuditEntry) => boolean = () => true) => {
          const found = ofKind(entries, kind).filter(match)
          expect(found, kind).toHaveLength(1)
          return found[0]!
        }
        const adminActor = { id: 1, role: 'administrator' }
        expect(one('sign-in.failed')).toMatchObject({ actor: null, address: '127.0.0.1' })
        expect(one('sign-in.succeeded', (entry) => entry.requestId === signInRequestId)).toMatchObject({
          actor: adminActor,
          address: '127.0.0.1',
        })
        expect(one('user.edited', (entry) => entry.subject.userId === ownerId)).toMatchObject({
          actor: adminActor,
          details: { fields: ['password'] },
          requestId: editRequestId,
        })
        // Once at the first sign-in (createAccount), once after the administrator's edit.
        expect(
          ofKind(entries, 'password.changed').filter((entry) => entry.actor?.id === ownerId),
        ).toHaveLength(2)
        expect(one('password.reset')).toMatchObject({ actor: { id: ownerId }, subject: { userId: ownerId } })
        expect(one('import.completed')).toMatchObject({
          actor: adminActor,
          details: { rows: 2, imported: 1, failed: 1 },
        })
        expect(one('invitation.created')).toMatchObject({
          actor: { id: ownerId, role: 'standard' },
          subject: { profileOwnerId: ownerId, invitationId: invitation.id },
        })
        const accepted = one('invitation.accepted')
        expect(accepted).toMatchObject({
          actor: { role: 'guest_standard' },
          subject: { invitationId: invitation.id },
        })
        expect(one('invitation.revoked')).toMatchObject({
          actor: { id: ownerId },
          subject: { invitationId: invitation.id },
        })
        for (const entry of entries) expect(entry.requestId).toMatch(/^[\w-]{12}$/)

        // No password, cookie, token or link in any record, as JSON or CSV.
        const csv = await admin.call('GET', '/api/admin/audit.csv')
        expect(csv.status).toBe(200)
        const text = `${JSON.stringify(entries)}\n${String(csv.body)}`
        const secrets = JSON.parse(readFileSync(join(dataDirectory, 'secrets.json'), 'utf8')) as Record<
          string,
          string
        >
        const forbidden = [
          ADMIN.password,
          'an-unknown-users-guess',
          'owner-chosen-password',
          'admin-set-password',
          'owner-second-password',
          'owner-reset-password',
          'guest-chosen-password',
          owner.initialPassword,
          resetLink[1]!,
          resetLink[0],
          'reset-password',
          inviteToken,
          inviteLink,
          invitation.token,
          admin.sessionToken!,
          owner.session.sessionToken!,
          guest.sessionToken!,
          ...importedPasswords,
          ...Object.values(secrets),
        ]
        expect(importedPasswords.length).toBe(1)
        for (const value of forbidden)
          expect(text.includes(value), `the audit log holds ${value.slice(0, 6)}…`).toBe(false)
      },
    )
  }, 90_000)

  it("records an export from the client's address as the gateway resolved it, never a forged one", async () => {
    const exportData = mkdtempSync(join(tmpdir(), 'audit-export-'))
    try {
      await withLoggedProduct(
        {
          DATA_DIR: exportData,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          // 127.0.0.1 stands for the site's own proxy; any other address is a client it does not trust.
          TRUSTED_PROXIES: '127.0.0.1',
        },
        async ({ url }) => {
          const admin = new ApiSession(url)
          await admin.login(ADMIN.email, ADMIN.password)
          const behindProxy = await downloadFrom(url, admin, '127.0.0.1', {
            'x-forwarded-for': '203.0.113.5',
          })
          expect(behindProxy.status).toBe(200)
          // A client the gateway does not trust writes the header itself: its own address is recorded.
          const forged = await downloadFrom(url, admin, '127.0.0.2', { 'x-forwarded-for': '198.51.100.66' })
          expect(forged.status).toBe(200)

          const exports = ofKind(
            await auditOf(admin, (found) => ofKind(found, 'account.exported').length >= 2),
            'account.exported',
          )
          expect(
            exports.map(({ actor, subject, address, requestId }) => ({ actor, subject, address, requestId })),
          ).toEqual(
            expect.arrayContaining([
              {
                actor: { id: 1, role: 'administrator' },
                subject: { userId: 1 },
                address: '203.0.113.5',
                requestId: behindProxy.requestId,
              },
              {
                actor: { id: 1, role: 'administrator' },
                subject: { userId: 1 },
                address: '127.0.0.2',
                requestId: forged.requestId,
              },
            ]),
          )
          expect(exports).toHaveLength(2)
        },
      )
    } finally {
      rmSync(exportData, { recursive: true, force: true })
    }
  }, 90_000)
})
