import { describe, expect, it } from 'vitest'
import { useProduct } from '../../src/fixture.ts'
import { ApiSession } from '../../src/api.ts'

const fixture = useProduct()

describe('sessions through the gateway', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and keeps the login header internal', async () => {
    const client = new ApiSession(fixture.product.url)
    const response = await client.call('POST', '/api/auth/login', {
      username: fixture.product.administrator.email,
      password: fixture.product.administrator.password,
    })
    expect(response.status).toBe(200)
    expect(response.setCookie).toMatch(
      /^session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    expect(response.headers.get('x-session-login')).toBeNull()
    expect((await client.call('GET', '/api/auth/me')).body).toMatchObject({
      username: fixture.product.administrator.email,
      role: 'administrator',
    })
  })

  it('refuses operator objects at login without setting a cookie', async () => {
    const client = new ApiSession(fixture.product.url)
    const response = await client.call('POST', '/api/auth/login', {
      username: { $ne: null },
      password: { $ne: null },
    })
    expect(response.status).toBe(400)
    expect(response.setCookie).toBeUndefined()
  })

  it('refuses the old cookie at once after logout', async () => {
    const client = new ApiSession(fixture.product.url)
    await client.login(fixture.product.administrator.email, fixture.product.administrator.password)
    const old = client.sessionToken
    expect((await client.call('POST', '/api/auth/logout')).status).toBe(200)
    const replay = new ApiSession(fixture.product.url)
    replay.useSessionToken(old)
    expect((await replay.call('GET', '/api/auth/me')).status).toBe(401)
  })

  it('ends the other sessions when the password changes, and keeps the one that changed it', async () => {
    const user = await fixture.createAccount('standard', {
      firstName: 'Test',
      lastName: 'Standard',
      username: 'changer@example.test',
    })
    const other = new ApiSession(fixture.product.url)
    await other.login(user.username, user.password)
    const changed = await user.session.call('POST', '/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'another pass 2',
    })
    expect(changed.status).toBe(200)
    expect((await other.call('GET', '/api/auth/me')).status).toBe(401)
    expect((await user.session.call('GET', '/api/auth/me')).status).toBe(200)
  })

  it("refuses a user's cookie right after an administrator edits them", async () => {
    const user = await fixture.createAccount('standard', {
      firstName: 'Test',
      lastName: 'Standard',
      username: 'edited@example.test',
    })
    expect((await user.session.call('GET', '/api/auth/me')).status).toBe(200)
    expect(
      (
        await fixture.administrator.call('PUT', `/api/admin/user/${user.user.id}`, {
          email: 'edited.again@example.test',
        })
      ).status,
    ).toBe(200)
    expect((await user.session.call('GET', '/api/auth/me')).status).toBe(401)
    expect((await fixture.administrator.call('GET', '/api/auth/me')).status).toBe(200)
  })

  it('refuses every session of a user after a password reset', async () => {
    const user = await fixture.createAccount('standard', {
      firstName: 'Test',
      lastName: 'Standard',
      username: 'forgetful@example.test',
    })
    const { readFile } = await import('node:fs/promises')
    expect(
      (
        await new ApiSession(fixture.product.url).call('POST', '/api/auth/forgot-password', {
          email: user.username,
        })
      ).status,
    ).toBe(200)
    // The answer comes before the e-mail (docs/security.md 20): wait for this user's to reach the outbox.
    const outboxFile = `${fixture.product.dataDirectory}/auth/outbox.txt`
    const readOutbox = () => readFile(outboxFile, 'utf8').catch(() => '')
    await expect.poll(async () => (await readOutbox()).includes(`To: ${user.username}`)).toBe(true)
    const outbox = await readOutbox()
    const token = [...outbox.matchAll(/reset-password\?token=([\w-]+)/g)].at(-1)![1]!
    expect(
      (
        await new ApiSession(fixture.product.url).call('POST', '/api/auth/reset-password', {
          token,
          newPassword: 'reset pass 3',
        })
      ).status,
    ).toBe(200)
    expect((await user.session.call('GET', '/api/auth/me')).status).toBe(401)
  })

  it('lets a session that must change its password call only me, change-password, logout and config', async () => {
    await fixture.administrator.call('POST', '/api/auth/register', {
      username: 'newadmin@example.test',
      password: 'temporary pass 1',
      email: 'newadmin@example.test',
      role: 'administrator',
    })
    const client = new ApiSession(fixture.product.url)
    const login = await client.login('newadmin@example.test', 'temporary pass 1')
    expect(login.mustChangePassword).toBe(true)
    const blocked = await client.call('GET', '/api/admin/users')
    expect(blocked.status).toBe(403)
    expect(blocked.body).toHaveProperty('message', 'You must change your password before continuing')
    expect((await client.call('GET', '/api/auth/me')).status).toBe(200)
    expect((await client.call('GET', '/api/config')).status).toBe(200)
    expect(
      (
        await client.call('POST', '/api/auth/change-password', {
          currentPassword: 'temporary pass 1',
          newPassword: 'temporary pass 1',
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await client.call('POST', '/api/auth/change-password', {
          currentPassword: 'temporary pass 1',
          newPassword: 'my own pass 1',
        })
      ).status,
    ).toBe(200)
    expect((await client.call('GET', '/api/admin/users')).status).toBe(200)
  })
})
