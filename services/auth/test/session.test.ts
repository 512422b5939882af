import { describe, expect, it } from 'vitest'
import { hashPassword } from '../src/passwords.ts'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { ADMIN, adminIdentity, as, loginHeaderOf, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const login = (payload: unknown, headers: Record<string, string> = as(null)) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers })

async function registerUser(username: string, password: string, extra: object = {}) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username, password, email: username, firstName: 'Sam', lastName: 'Stone', ...extra },
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number }
}

describe('POST /api/auth/login', () => {
  it('answers the user without secrets and asks the gateway to start a session', async () => {
    const response = await login({ username: 'ADMIN@example.com', password: ADMIN.password })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: 1,
      username: ADMIN.email,
      email: ADMIN.email,
      firstName: 'Support',
      lastName: 'Administrator',
      name: 'Support Administrator',
      role: 'administrator',
      mustChangePassword: false,
    })
    expect(response.body).not.toMatch(/argon2|passwordHash/)
    expect(loginHeaderOf(response)).toEqual({
      id: 1,
      role: 'administrator',
      username: ADMIN.email,
      mustChangePassword: false,
    })
  })

  it("answers 400 with the spec's message when a field is missing or blank", async () => {
    for (const payload of [{}, { username: 'a' }, { password: 'b' }, { username: '  ', password: 'x' }]) {
      const response = await login(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('Username and password are required')
    }
  })

  it('refuses operator objects, arrays and nesting in every field, without a session', async () => {
    for (const payload of [
      { username: { $ne: null }, password: { $ne: null } },
      { username: ADMIN.email, password: { $gt: '' } },
      { username: [ADMIN.email], password: ADMIN.password },
      { username: { $regex: '.*' }, password: 'x' },
    ]) {
      const response = await login(payload)
      expect(response.statusCode).toBe(400)
      expect(loginHeaderOf(response)).toBeNull()
    }
  })

  it('gives one answer for an unknown user and a wrong password', async () => {
    const unknown = await login({ username: 'nobody@example.com', password: 'whatever1' })
    const wrong = await login({ username: ADMIN.email, password: 'wrong password' })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(unknown.json()).toEqual({
      message: 'Invalid username or password',
      code: 'AUTH_INVALID_CREDENTIALS',
    })
  })

  it('takes similar time for an unknown user and a wrong password (a dummy hash is verified)', async () => {
    const time = async (username: string) => {
      const started = performance.now()
      await login({ username, password: 'not the password' })
      return performance.now() - started
    }
    const unknown: number[] = []
    const known: number[] = []
    for (let round = 0; round < 5; round += 1) {
      unknown.push(await time(`ghost${round}@example.com`))
      known.push(await time(ADMIN.email))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5)
    expect(median(unknown)).toBeLessThan(median(known) * 2)
  })

  // What a client claims in forwarding headers never reaches a service: gateway/test/client-address.test.ts.
  it('limits failures of one address on an account', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await login(
        { username: ADMIN.email, password: 'wrong' },
        { ...as(null), 'x-forwarded-for': '10.0.0.7' },
      )
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    const blocked = await login(
      { username: ADMIN.email, password: ADMIN.password },
      { ...as(null), 'x-forwarded-for': '10.0.0.7' },
    )
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minute\(s\)\.$/)
  })

  it('rehashes a password made with weaker parameters at login', async () => {
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    const { hash } = await import('@node-rs/argon2')
    await users.update(1, {
      passwordHash: await hash(ADMIN.password, { memoryCost: 8192, timeCost: 1, parallelism: 1 }),
    })
    expect((await login({ username: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200)
    expect((await users.findById(1))!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})

describe('GET /api/auth/me and logout', () => {
  it("answers the session's user, and 401 without one", async () => {
    const me = await context.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(adminIdentity) })
    expect(me.json()).toMatchObject({
      id: 1,
      username: ADMIN.email,
      role: 'administrator',
      mustChangePassword: false,
    })
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(null) })).statusCode,
    ).toBe(401)
  })

  it('ignores a bearer header or query naming another user (identity comes from the session only)', async () => {
    const { id } = await registerUser('sam@example.com', 'sam password 1')
    const me = await context.app.inject({
      method: 'GET',
      url: `/api/auth/me?userId=${id}`,
      headers: { ...as(adminIdentity), authorization: `Bearer ${id}` },
    })
    expect(me.json().id).toBe(1)
  })

  it('asks the gateway to end the session on logout', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: as(adminIdentity),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-session-logout']).toBe('1')
  })
})

describe('POST /api/auth/change-password', () => {
  const change = (identity: Parameters<typeof as>[0], payload: object) =>
    context.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: as(identity), payload })

  it('needs the current password, and ends the other sessions while keeping this one', async () => {
    const { id } = await registerUser('sam@example.com', 'initial pass 1')
    const identity = {
      userId: id,
      role: 'standard' as const,
      username: 'sam@example.com',
      mustChangePassword: true,
    }
    const wrong = await change(identity, { currentPassword: 'nope', newPassword: 'brand new pass' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Current password is incorrect')
    const ok = await change(identity, { currentPassword: 'initial pass 1', newPassword: 'brand new pass' })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['x-session-revoke-user']).toBe(String(id))
    expect(loginHeaderOf(ok)).toEqual({
      id,
      role: 'standard',
      username: 'sam@example.com',
      mustChangePassword: false,
    })
    expect((await login({ username: 'sam@example.com', password: 'brand new pass' })).statusCode).toBe(200)
    expect((await login({ username: 'sam@example.com', password: 'initial pass 1' })).statusCode).toBe(401)
  })

  it('refuses short passwords, the username, and the same password again', async () => {
    const { id } = await registerUser('sam@example.com', 'initial pass 1')
    const identity = {
      userId: id,
      role: 'standard' as const,
      username: 'sam@example.com',
      mustChangePassword: true,
    }
    const cases: Array<[string, string]> = [
      ['12345', 'Password must be at least 6 characters'],
      ['sam@example.com', 'Password must not be your username or e-mail address'],
      ['initial pass 1', 'The new password must differ from the current one'],
    ]
    for (const [newPassword, message] of cases) {
      const response = await change(identity, { currentPassword: 'initial pass 1', newPassword })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(message)
    }
  })

  it('keeps the stored hash argon2id and never stores the password', async () => {
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    const user = await users.create({
      username: 'kim@example.com',
      email: 'kim@example.com',
      firstName: 'Kim',
      lastName: 'Lee',
      name: 'Kim Lee',
      role: 'standard',
      passwordHash: await hashPassword('first pass 1'),
      mustChangePassword: false,
    })
    const identity = {
      userId: user.id,
      role: 'standard' as const,
      username: user.username,
      mustChangePassword: false,
    }
    await change(identity, { currentPassword: 'first pass 1', newPassword: 'second pass 2' })
    const stored = JSON.stringify(await users.findById(user.id))
    expect(stored).not.toContain('second pass 2')
    expect(stored).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})

describe('GET /api/auth/initial-password', () => {
  it('shows the derived password only while it still opens the account', async () => {
    const { id } = await registerUser('ann.lee@example.com', '#annlee3', {
      firstName: 'Ann',
      lastName: 'Lee',
    })
    const identity = {
      userId: id,
      role: 'standard' as const,
      username: 'ann.lee@example.com',
      mustChangePassword: false,
    }
    const before = await context.app.inject({
      method: 'GET',
      url: '/api/auth/initial-password',
      headers: as(identity),
    })
    expect(before.json()).toEqual({ username: 'ann.lee@example.com', initialPassword: '#annlee3' })
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(identity),
      payload: { currentPassword: '#annlee3', newPassword: 'my own secret' },
    })
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/auth/initial-password',
      headers: as(identity),
    })
    expect(after.json()).toEqual({ username: 'ann.lee@example.com', initialPassword: null })
  })

  it('also recognises the capitalised form of bulk imports, and shows nothing for an unrelated password', async () => {
    const { id } = await registerUser('bo.ray@example.com', '#BoRay3', { firstName: 'bo', lastName: 'ray' })
    const identity = {
      userId: id,
      role: 'standard' as const,
      username: 'bo.ray@example.com',
      mustChangePassword: false,
    }
    expect(
      (
        await context.app.inject({ method: 'GET', url: '/api/auth/initial-password', headers: as(identity) })
      ).json().initialPassword,
    ).toBe('#BoRay3')
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/auth/initial-password',
          headers: as(adminIdentity),
        })
      ).json().initialPassword,
    ).toBeNull()
  })
})
