import { Writable } from 'node:stream'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AuditPage } from '@app/contracts/audit'
import type { Identity } from '@app/kit/identity'
import { loggerOptions } from '@app/kit/logger'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'

/** Everything the service logs, as the product writes it (its redaction included). */
const logged: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString())
    done()
  },
})
let clock = Date.now()
const context = useAuthService({
  now: () => clock,
  logger: { ...loggerOptions('debug', 'auth'), stream: logStream },
})
beforeEach(() => {
  clock = Date.now()
  logged.length = 0
})

const ADDRESS = '203.0.113.9'
const fromGateway = (identity: Identity | null) => ({ ...as(identity), 'x-forwarded-for': ADDRESS })

/** An account made by a provider's first sign-in, as the gateway asks for it (decision 062). */
async function providerAccount(email: string): Promise<Identity> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/internal/users/oidc-account',
    headers: as(null),
    payload: {
      provider: 'acme',
      email,
      emailVerified: true,
      firstName: 'Ola',
      lastName: 'Provider',
      administrator: false,
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  const { user } = response.json() as { user: { id: number } }
  return { userId: user.id, role: 'standard', username: email, mustChangePassword: false }
}

async function passwordAccount(email: string, password: string): Promise<Identity> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username: email, password, email, role: 'standard', firstName: 'Pat', lastName: 'Word' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return { userId: response.json().id, role: 'standard', username: email, mustChangePassword: false }
}

const me = (identity: Identity) =>
  context.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(identity) })
const askForLink = (identity: Identity) =>
  context.app.inject({ method: 'POST', url: '/api/account/deletion-link', headers: fromGateway(identity) })
const checkLink = (identity: Identity, token: string) =>
  context.app.inject({
    method: 'GET',
    url: `/api/account/deletion-link/${token}`,
    headers: as(identity),
  })
const deleteOwn = (identity: Identity, payload: object) =>
  context.app.inject({ method: 'DELETE', url: '/api/account', headers: fromGateway(identity), payload })
const exists = async (id: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/admin/user/${id}`, headers: as(adminIdentity) }))
    .statusCode === 200

/** Asks for a link and reads its token from the mail sent. */
async function mailedToken(identity: Identity): Promise<string> {
  const response = await askForLink(identity)
  expect(response.statusCode, response.body).toBe(200)
  const mail = context.sent.at(-1)!
  expect(mail.to).toBe(identity.username)
  const token = /^http:\/\/disc\.test\/delete-account\?token=([\w-]{43})$/m.exec(mail.text)?.[1]
  expect(token, mail.text).toBeDefined()
  return token!
}

describe('confirming the deletion of an account without a usable password through a mailed link', () => {
  it("tells the signed-in user only whether they have a password; a provider's account has none", async () => {
    const ola = await providerAccount('ola@example.com')
    const pat = await passwordAccount('pat@example.com', 'pat password 11')
    expect((await me(ola)).json()).toMatchObject({ id: ola.userId, hasPassword: false })
    expect((await me(pat)).json()).toMatchObject({ id: pat.userId, hasPassword: true })
    expect(Object.keys((await me(ola)).json()).sort()).toEqual(
      [
        'email',
        'firstName',
        'hasPassword',
        'id',
        'lastName',
        'mustChangePassword',
        'name',
        'role',
        'username',
      ].sort(),
    )
  })

  it('mails a link that deletes the account once, recorded in the audit log like a password deletion', async () => {
    const ola = await providerAccount('ola@example.com')
    const response = await askForLink(ola)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      message: 'A link to confirm the deletion has been sent to ola@example.com. It works for one hour.',
    })
    expect(context.sent.at(-1)!.subject).toBe('Confirm the deletion of your Prevue DISC Insights account')
    const token = await mailedToken(ola)
    expect((await checkLink(ola, token)).json()).toEqual({
      valid: true,
      message: 'The deletion link is valid',
    })

    // Two confirmations at once: exactly one deletes.
    const answers = await Promise.all([deleteOwn(ola, { token }), deleteOwn(ola, { token })])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
    const deleted = answers.find((answer) => answer.statusCode === 200)!
    expect(deleted.json()).toEqual({
      message: 'The account has been deleted',
      userId: ola.userId,
      completed: true,
    })
    expect(deleted.headers['x-session-logout']).toBe('1')
    expect(await exists(ola.userId)).toBe(false)

    await expect
      .poll(async () => {
        const page = await context.app.inject({
          method: 'GET',
          url: '/api/admin/audit?kind=account.deleted',
          headers: as(adminIdentity),
        })
        return (page.json() as AuditPage).entries
      })
      .toEqual([
        expect.objectContaining({
          actor: { id: ola.userId, role: 'standard' },
          subject: { userId: ola.userId },
          address: ADDRESS,
        }),
      ])
  })

  it('refuses the link to any other signed-in account, and the account it was sent for stays', async () => {
    const ola = await providerAccount('ola@example.com')
    const other = await providerAccount('other@example.com')
    const token = await mailedToken(ola)
    expect((await checkLink(other, token)).json()).toEqual({
      valid: false,
      message: 'This deletion link was sent for another account. Sign in to that account to use it.',
    })
    const refused = await deleteOwn(other, { token })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'AUTH_DELETION_LINK_OF_ANOTHER_ACCOUNT' })
    expect(await exists(ola.userId)).toBe(true)
    expect(await exists(other.userId)).toBe(true)
    // Still unused: its own account can use it.
    expect((await deleteOwn(ola, { token })).statusCode).toBe(200)
  })

  it('expires after one hour', async () => {
    const ola = await providerAccount('ola@example.com')
    const token = await mailedToken(ola)
    clock += 60 * 60_000 + 1
    expect((await checkLink(ola, token)).json()).toMatchObject({ valid: false })
    const refused = await deleteOwn(ola, { token })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      code: 'AUTH_INVALID_DELETION_LINK',
      message: 'This deletion link is invalid or has expired. Ask for a new one on the Change Password page.',
    })
    expect(await exists(ola.userId)).toBe(true)
  })

  it('is refused to an account with a password, which confirms with it', async () => {
    const pat = await passwordAccount('pat@example.com', 'pat password 11')
    const refused = await askForLink(pat)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'AUTH_ACCOUNT_HAS_PASSWORD',
      message: 'Your account has a password: enter it to confirm the deletion',
    })
    expect(context.sent).toHaveLength(0)
  })

  it('works for deletion only, dies when a password is chosen, and never with a password beside it', async () => {
    const ola = await providerAccount('ola@example.com')
    const token = await mailedToken(ola)
    const asReset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: as(null),
      payload: { token, newPassword: 'a chosen password 1' },
    })
    expect(asReset.statusCode).toBe(400)
    const both = await deleteOwn(ola, { token, password: 'anything' })
    expect(both.statusCode).toBe(400)
    expect(await exists(ola.userId)).toBe(true)

    // Choosing a password through 'Forgot password' gives the account a usable one and voids the link.
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: as(null),
      payload: { email: 'ola@example.com' },
    })
    await expect
      .poll(() => context.sent.some((mail) => mail.text.includes('/reset-password?token=')))
      .toBe(true)
    const resetToken = /reset-password\?token=([\w-]+)/.exec(context.sent.at(-1)!.text)![1]!
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: as(null),
      payload: { token: resetToken, newPassword: 'a chosen password 1' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await me(ola)).json()).toMatchObject({ hasPassword: true })
    expect((await deleteOwn(ola, { token })).statusCode).toBe(400)
    expect((await askForLink(ola)).statusCode).toBe(409)
    expect(await exists(ola.userId)).toBe(true)
  })

  it('limits how often links are mailed, with Retry-After', async () => {
    const ola = await providerAccount('ola@example.com')
    for (let sent = 0; sent < 5; sent += 1) expect((await askForLink(ola)).statusCode).toBe(200)
    const limited = await askForLink(ola)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(context.sent).toHaveLength(5)
  })

  it('never logs the token or the link', async () => {
    const ola = await providerAccount('ola@example.com')
    const token = await mailedToken(ola)
    await checkLink(ola, token)
    await deleteOwn(ola, { token })
    const text = logged.join('')
    expect(text).toContain('deletion_link_sent')
    expect(text).toContain('/api/account/deletion-link/')
    expect(text.includes(token)).toBe(false)
    expect(text).not.toContain('delete-account?token')
  })
})
