import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProduct, type RunningProduct } from '../../src/product.ts'
import { createUser, SessionClient } from './support/session-client.ts'

let product: RunningProduct
let admin: SessionClient
beforeAll(async () => {
  product = await startProduct()
  admin = new SessionClient(product.url)
  await admin.logIn(product.administrator.email, product.administrator.password)
}, 60_000)
afterAll(async () => {
  await product?.close()
})

describe('sessions through the gateway', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and keeps the login header internal', async () => {
    const client = new SessionClient(product.url)
    const response = await client.logIn(product.administrator.email, product.administrator.password)
    expect(response.setCookie).toMatch(
      /^session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    expect(response.headers.get('x-session-login')).toBeNull()
    expect((await client.request('GET', '/api/auth/me')).json).toMatchObject({
      username: product.administrator.email,
      role: 'administrator',
    })
  })

  it('refuses operator objects at login without setting a cookie', async () => {
    const client = new SessionClient(product.url)
    const response = await client.request('POST', '/api/auth/login', {
      username: { $ne: null },
      password: { $ne: null },
    })
    expect(response.status).toBe(400)
    expect(response.setCookie).toBeUndefined()
  })

  it('refuses the old cookie at once after logout', async () => {
    const client = new SessionClient(product.url)
    await client.logIn(product.administrator.email, product.administrator.password)
    const old = client.cookie
    expect((await client.request('POST', '/api/auth/logout')).status).toBe(200)
    const replay = new SessionClient(product.url)
    replay.cookie = old
    expect((await replay.request('GET', '/api/auth/me')).status).toBe(401)
  })

  it('ends the other sessions when the password changes, and keeps the one that changed it', async () => {
    const user = await createUser(product.url, admin, 'changer@example.test', 'standard')
    const other = new SessionClient(product.url)
    await other.logIn(user.username, user.password)
    const changed = await user.client.request('POST', '/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'another pass 2',
    })
    expect(changed.status).toBe(200)
    expect((await other.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await user.client.request('GET', '/api/auth/me')).status).toBe(200)
  })

  it("refuses a user's cookie right after an administrator edits them", async () => {
    const user = await createUser(product.url, admin, 'edited@example.test', 'standard')
    expect((await user.client.request('GET', '/api/auth/me')).status).toBe(200)
    expect(
      (await admin.request('PUT', `/api/admin/user/${user.id}`, { email: 'edited.again@example.test' }))
        .status,
    ).toBe(200)
    expect((await user.client.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await admin.request('GET', '/api/auth/me')).status).toBe(200)
  })

  it('refuses every session of a user after a password reset', async () => {
    const user = await createUser(product.url, admin, 'forgetful@example.test', 'standard')
    const { readFile } = await import('node:fs/promises')
    expect(
      (
        await new SessionClient(product.url).request('POST', '/api/auth/forgot-password', {
          email: user.username,
        })
      ).status,
    ).toBe(200)
    // The answer comes before the e-mail (SECURITY.md 20): wait for this user's to reach the outbox.
    const outboxFile = `${product.dataDirectory}/auth/outbox.txt`
    const readOutbox = () => readFile(outboxFile, 'utf8').catch(() => '')
    await expect.poll(async () => (await readOutbox()).includes(`To: ${user.username}`)).toBe(true)
    const outbox = await readOutbox()
    const token = [...outbox.matchAll(/reset-password\?token=([\w-]+)/g)].at(-1)![1]!
    expect(
      (
        await new SessionClient(product.url).request('POST', '/api/auth/reset-password', {
          token,
          newPassword: 'reset pass 3',
        })
      ).status,
    ).toBe(200)
    expect((await user.client.request('GET', '/api/auth/me')).status).toBe(401)
  })

  it('lets a session that must change its password call only me, change-password, logout and config', async () => {
    await admin.request('POST', '/api/auth/register', {
      username: 'newadmin@example.test',
      password: 'temporary pass 1',
      email: 'newadmin@example.test',
      role: 'administrator',
    })
    const client = new SessionClient(product.url)
    const login = await client.logIn('newadmin@example.test', 'temporary pass 1')
    expect(login.json.mustChangePassword).toBe(true)
    const blocked = await client.request('GET', '/api/admin/users')
    expect(blocked.status).toBe(403)
    expect(blocked.json.message).toBe('You must change your password before continuing')
    expect((await client.request('GET', '/api/auth/me')).status).toBe(200)
    expect((await client.request('GET', '/api/config')).status).toBe(200)
    expect(
      (
        await client.request('POST', '/api/auth/change-password', {
          currentPassword: 'temporary pass 1',
          newPassword: 'temporary pass 1',
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await client.request('POST', '/api/auth/change-password', {
          currentPassword: 'temporary pass 1',
          newPassword: 'my own pass 1',
        })
      ).status,
    ).toBe(200)
    expect((await client.request('GET', '/api/admin/users')).status).toBe(200)
  })
})
