import { describe, expect, it } from 'vitest'
import { USERS_CREATED, USERS_UPDATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { Identity } from '@app/kit/identity'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const invitedBy = { name: 'Olive Owner', email: 'olive@example.com' }
const findOrCreate = (payload: object, actingFor: Identity | null = null) =>
  context.app.inject({
    method: 'POST',
    url: '/internal/users/find-or-create-guest',
    headers: serviceHeaders('sharing', 'auth', actingFor),
    payload,
  })

describe('POST /internal/users/find-or-create-guest (sharing → auth)', () => {
  it('creates a guest with the invitation’s role and the chosen password, and announces them', async () => {
    const events: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_CREATED, async (event) => void events.push(event), {
      group: 'test',
    })
    const response = await findOrCreate({
      email: 'gina@example.com',
      name: 'Gina Guest',
      role: 'guest_owner',
      password: 'chosen pass',
      invitedBy,
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      created: true,
      promoted: false,
      user: { role: 'guest_owner', username: 'gina@example.com', mustChangePassword: false },
    })
    expect(typeof body.user.id).toBe('number')
    expect((await context.login('gina@example.com', 'chosen pass')).statusCode).toBe(200)
    const admin = await context.app.inject({
      method: 'GET',
      url: `/api/admin/user/${body.user.id}`,
      headers: as(adminIdentity),
    })
    expect(admin.json()).toMatchObject({
      firstName: 'Gina',
      lastName: 'Guest',
      invitedBy: 'Olive Owner',
      invitedByEmail: 'olive@example.com',
    })
    await expect
      .poll(() => events.filter((event) => (event.data as { id: number }).id === body.user.id).length)
      .toBe(1)
  })

  it('needs a password of at least 6 characters for a new account', async () => {
    const missing = await findOrCreate({
      email: 'n@example.com',
      name: 'N',
      role: 'guest_standard',
      invitedBy,
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('AUTH_PASSWORD_REQUIRED')
    const short = await findOrCreate({
      email: 'n@example.com',
      name: 'N',
      role: 'guest_standard',
      password: '12345',
      invitedBy,
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('Password must be at least 6 characters')
  })

  it('refuses any role but the two guest roles, and unknown fields', async () => {
    for (const payload of [
      { email: 'x@example.com', name: 'X', role: 'administrator', password: 'secret 1', invitedBy },
      {
        email: 'x@example.com',
        name: 'X',
        role: 'guest_standard',
        password: 'secret 1',
        invitedBy,
        admin: 1,
      },
      { email: { $ne: null }, name: 'X', role: 'guest_standard', password: 'secret 1', invitedBy },
    ]) {
      expect((await findOrCreate(payload)).statusCode).toBe(400)
    }
  })

  it('finds an existing account without changing it, once its holder proves it is theirs', async () => {
    const payload = { email: 'ADMIN@example.com', name: 'Someone', role: 'guest_owner', invitedBy }
    expect((await findOrCreate(payload)).statusCode).toBe(401)
    expect((await findOrCreate({ ...payload, password: 'wrong password' })).statusCode).toBe(401)
    const byPassword = await findOrCreate({ ...payload, password: 'admin password 1' })
    expect(byPassword.json()).toMatchObject({
      created: false,
      promoted: false,
      user: { id: 1, role: 'administrator' },
    })
    const bySession = await findOrCreate(payload, adminIdentity)
    expect(bySession.json()).toMatchObject({ created: false, user: { id: 1, role: 'administrator' } })
  })

  it('promotes a guest_standard invited as guest_owner, and never demotes', async () => {
    const updates: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void updates.push(event), {
      group: 'test',
    })
    const base = { email: 'sam@example.com', name: 'Sam Standard', password: 'sam secret', invitedBy }
    const created = (await findOrCreate({ ...base, role: 'guest_standard' })).json()
    expect(created.user.role).toBe('guest_standard')
    const promoted = (await findOrCreate({ ...base, role: 'guest_owner' })).json()
    expect(promoted).toMatchObject({ promoted: true, user: { id: created.user.id, role: 'guest_owner' } })
    const again = (await findOrCreate({ ...base, role: 'guest_standard' })).json()
    expect(again).toMatchObject({ promoted: false, user: { role: 'guest_owner' } })
    await expect.poll(() => updates.length).toBe(1)
  })

  it('limits password guesses through invitations like logins', async () => {
    const payload = { email: 'admin@example.com', name: 'X', role: 'guest_standard', invitedBy }
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await findOrCreate({ ...payload, password: `guess ${attempt}` })).statusCode)
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('answers only sharing, never the gateway or another service', async () => {
    const payload = {
      email: 'z@example.com',
      name: 'Z',
      role: 'guest_standard',
      password: 'secret 1',
      invitedBy,
    }
    for (const headers of [as(adminIdentity), serviceHeaders('import', 'auth')]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/internal/users/find-or-create-guest',
        headers,
        payload,
      })
      expect(response.statusCode).toBe(403)
    }
  })
})

describe('GET /internal/users/:id', () => {
  it('gives sharing the name and e-mail of a user, and 404 for an unknown one', async () => {
    const known = await context.app.inject({
      method: 'GET',
      url: '/internal/users/1',
      headers: serviceHeaders('sharing', 'auth'),
    })
    expect(known.json()).toEqual({
      id: 1,
      name: expect.any(String),
      email: 'admin@example.com',
      role: 'administrator',
    })
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/internal/users/999',
      headers: serviceHeaders('sharing', 'auth'),
    })
    expect(unknown.statusCode).toBe(404)
  })
})
