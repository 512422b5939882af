import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { adminIdentity, as, loginHeaderOf, useAuthService } from './support/auth-app.ts'

/**
 * A reset link asked for before a change of password, e-mail or username must not reset the password
 * afterwards: whoever reads the old mailbox would take the account (issue 26, finding 2).
 */
const context = useAuthService()

const USER = { username: 'rosa@example.com', email: 'rosa@example.com', password: 'first pass 1' }

async function registerUser(): Promise<Identity> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { ...USER, name: 'Rosa Diaz', firstName: 'Rosa', lastName: 'Diaz', role: 'standard' },
  })
  expect(response.statusCode).toBe(201)
  return { userId: response.json().id, role: 'standard', username: USER.username, mustChangePassword: true }
}

const adminEdit = (id: number, payload: Record<string, string>) =>
  context.app.inject({ method: 'PUT', url: `/api/admin/user/${id}`, headers: as(adminIdentity), payload })

const check = (token: string) =>
  context.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}`, headers: as(null) })
const reset = (token: string, newPassword: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: as(null),
    payload: { token, newPassword },
  })

/** Asks for a link as the page does and reads it from the e-mail sent to `email`. */
async function linkMailedTo(email: string): Promise<string> {
  const before = context.sent.length
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: as(null),
    payload: { email },
  })
  expect(response.statusCode).toBe(200)
  await expect.poll(() => context.sent.length).toBe(before + 1)
  const mail = context.sent.at(-1)!
  expect(mail.to).toBe(email)
  return /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!
}

async function expectRefused(token: string) {
  expect((await check(token)).json()).toEqual({ valid: false, message: 'Invalid or expired reset link' })
  const response = await reset(token, 'taken over 1')
  expect(response.statusCode).toBe(400)
  expect(response.json().message).toBe('Invalid or expired reset link')
}

describe('a reset link asked for before a change of credentials', () => {
  it('is refused after the user changes their own password, which still opens the account', async () => {
    const rosa = await registerUser()
    const token = await linkMailedTo(USER.email)
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(rosa),
      payload: { currentPassword: USER.password, newPassword: 'my own pass 2' },
    })
    expect(changed.statusCode).toBe(200)
    await expectRefused(token)
    expect((await context.login(USER.username, 'my own pass 2')).statusCode).toBe(200)
    expect((await context.login(USER.username, 'taken over 1')).statusCode).toBe(401)
  })

  it("is refused after an administrator changes the user's e-mail, and the new mailbox gets a working one", async () => {
    const rosa = await registerUser()
    const token = await linkMailedTo(USER.email)
    expect((await adminEdit(rosa.userId, { email: 'rosa.new@example.com' })).statusCode).toBe(200)
    await expectRefused(token)
    const fresh = await linkMailedTo('rosa.new@example.com')
    expect((await reset(fresh, 'chosen by rosa 3')).statusCode).toBe(200)
    expect((await context.login('rosa.new@example.com', 'chosen by rosa 3')).statusCode).toBe(200)
  })

  it("is refused after an administrator changes the user's password", async () => {
    const rosa = await registerUser()
    const token = await linkMailedTo(USER.email)
    expect((await adminEdit(rosa.userId, { password: 'set by admin 4' })).statusCode).toBe(200)
    await expectRefused(token)
    expect((await context.login(USER.username, 'set by admin 4')).statusCode).toBe(200)
  })

  it("is refused after an administrator changes the user's username alone", async () => {
    const rosa = await registerUser()
    const token = await linkMailedTo(USER.email)
    const renamed = await adminEdit(rosa.userId, { username: 'rosa.d' })
    expect(renamed.json()).toMatchObject({ username: 'rosa.d', email: USER.email })
    await expectRefused(token)
  })

  it('is refused after the password was reset with another link', async () => {
    await registerUser()
    const first = await linkMailedTo(USER.email)
    expect((await reset(first, 'reset once 5')).statusCode).toBe(200)
    await expectRefused(first)
    const second = await linkMailedTo(USER.email)
    expect((await reset(second, 'reset twice 6')).statusCode).toBe(200)
    expect((await context.login(USER.username, 'reset twice 6')).statusCode).toBe(200)
  })
})

describe('a reset after an administrator set a password', () => {
  it('keeps the forced change of password at the next login', async () => {
    const rosa = await registerUser()
    // Rosa chose her own password, so nothing is forced any more.
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(rosa),
      payload: { currentPassword: USER.password, newPassword: 'my own pass 2' },
    })
    expect(loginHeaderOf(await context.login(USER.username, 'my own pass 2'))).toMatchObject({
      mustChangePassword: false,
    })
    expect((await adminEdit(rosa.userId, { password: 'set by admin 4' })).statusCode).toBe(200)
    const token = await linkMailedTo(USER.email)
    expect((await reset(token, 'after the edit 7')).statusCode).toBe(200)
    const login = await context.login(USER.username, 'after the edit 7')
    expect(login.statusCode).toBe(200)
    expect(loginHeaderOf(login)).toMatchObject({ mustChangePassword: true })
  })

  it('leaves nothing forced when nobody forced it', async () => {
    const rosa = await registerUser()
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(rosa),
      payload: { currentPassword: USER.password, newPassword: 'my own pass 2' },
    })
    const token = await linkMailedTo(USER.email)
    expect((await reset(token, 'forgot it 8')).statusCode).toBe(200)
    expect(loginHeaderOf(await context.login(USER.username, 'forgot it 8'))).toMatchObject({
      mustChangePassword: false,
    })
  })
})
