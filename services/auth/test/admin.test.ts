import { describe, expect, it } from 'vitest'
import { USERS_CREATED, USERS_UPDATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const register = (payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/auth/register', headers: as(adminIdentity), payload })
const edit = (id: number | string, payload: object) =>
  context.app.inject({ method: 'PUT', url: `/api/admin/user/${id}`, headers: as(adminIdentity), payload })

describe('POST /api/auth/register', () => {
  it('creates a standard user who must choose a password, and announces them', async () => {
    const events: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_CREATED, async (event) => void events.push(event), {
      group: 'test',
    })
    const response = await register({
      username: 'Jo@Example.com',
      password: 'set by admin',
      email: 'Jo@Example.com',
      firstName: 'Jo',
      lastName: 'Park',
      role: 'standard',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: 2,
      username: 'Jo@Example.com',
      email: 'jo@example.com',
      firstName: 'Jo',
      lastName: 'Park',
      name: 'Jo Park',
      role: 'standard',
      mustChangePassword: true,
    })
    await expect
      .poll(() => events.map((event) => (event.data as { username: string }).username))
      .toContain('Jo@Example.com')
  })

  it('refuses a username already taken in any letter case, and bad input', async () => {
    expect(
      (await register({ username: 'jo@example.com', password: 'set by admin', email: 'jo@example.com' }))
        .statusCode,
    ).toBe(201)
    const duplicate = await register({
      username: 'JO@example.com',
      password: 'set by admin',
      email: 'jo@example.com',
    })
    expect(duplicate.statusCode).toBe(409)
    expect(
      (await register({ username: 'x@example.com', password: '123', email: 'x@example.com' })).json().message,
    ).toBe('Password must be at least 6 characters')
    expect(
      (await register({ username: 'x@example.com', password: 'long enough', email: 'nope' })).json().message,
    ).toBe('Please enter a valid email address')
    expect(
      (
        await register({
          username: 'x@example.com',
          password: 'long enough',
          email: 'x@example.com',
          role: 'root',
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await register({ username: { $ne: null }, password: 'long enough', email: 'x@example.com' }))
        .statusCode,
    ).toBe(400)
  })
})

describe('user administration', () => {
  it('lists users and guests without any hash or password', async () => {
    await register({
      username: 'g@example.com',
      password: 'guest pass',
      email: 'g@example.com',
      role: 'guest_owner',
    })
    const all = await context.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(adminIdentity),
    })
    expect(all.json().map((user: { username: string }) => user.username)).toEqual([
      'admin@example.com',
      'g@example.com',
    ])
    const guests = await context.app.inject({
      method: 'GET',
      url: '/api/admin/guest-users',
      headers: as(adminIdentity),
    })
    expect(guests.json().map((user: { role: string }) => user.role)).toEqual(['guest_owner'])
    for (const body of [all.body, guests.body]) expect(body).not.toMatch(/argon2|passwordHash|guest pass/)
    const one = await context.app.inject({
      method: 'GET',
      url: '/api/admin/user/2',
      headers: as(adminIdentity),
    })
    expect(one.json()).toMatchObject({ id: 2, email: 'g@example.com', role: 'guest_owner' })
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/admin/user/99', headers: as(adminIdentity) }))
        .statusCode,
    ).toBe(404)
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/admin/user/abc', headers: as(adminIdentity) }))
        .statusCode,
    ).toBe(400)
  })

  it('changes the username with the e-mail and ends the edited user’s sessions', async () => {
    await register({ username: 'old@example.com', password: 'first pass 1', email: 'old@example.com' })
    const response = await edit(2, { email: 'New@Example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: 'new@example.com', username: 'new@example.com' })
    expect(response.headers['x-session-revoke-user']).toBe('2')
    expect((await context.login('new@example.com', 'first pass 1')).statusCode).toBe(200)
    expect((await context.login('old@example.com', 'first pass 1')).statusCode).toBe(401)
  })

  it('keeps the password when the new one is blank, and makes an administrator-set one temporary', async () => {
    await register({ username: 'pat@example.com', password: 'first pass 1', email: 'pat@example.com' })
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    await users.update(2, { mustChangePassword: false })
    expect((await edit(2, { password: '' })).headers['x-session-revoke-user']).toBeUndefined()
    expect((await context.login('pat@example.com', 'first pass 1')).statusCode).toBe(200)
    const reset = await edit(2, { password: 'admin chosen 2' })
    expect(reset.json().mustChangePassword).toBe(true)
    expect(reset.headers['x-session-revoke-user']).toBe('2')
    expect((await context.login('pat@example.com', 'admin chosen 2')).json().mustChangePassword).toBe(true)
  })

  it('refuses an e-mail that another account already uses, and bad ids or bodies', async () => {
    await register({ username: 'a@example.com', password: 'first pass 1', email: 'a@example.com' })
    await register({ username: 'b@example.com', password: 'first pass 1', email: 'b@example.com' })
    expect((await edit(3, { email: 'a@example.com' })).statusCode).toBe(409)
    expect((await edit(3, { email: { $ne: null } })).statusCode).toBe(400)
    expect((await edit(3, { role: 'administrator' })).statusCode).toBe(200)
    expect((await edit(3, {})).json().role).toBe('standard')
    expect((await edit(99, { email: 'z@example.com' })).statusCode).toBe(404)
  })
})

describe('administrator routes called directly, past the gateway', () => {
  it('refuse anonymous, standard and guest identities, and any service', async () => {
    const standard = {
      userId: 5,
      role: 'standard' as const,
      username: 'sam@example.com',
      mustChangePassword: false,
    }
    const guestOwner = { ...standard, role: 'guest_owner' as const }
    const calls = [
      { method: 'GET' as const, url: '/api/admin/users' },
      { method: 'GET' as const, url: '/api/admin/guest-users' },
      { method: 'GET' as const, url: '/api/admin/user/1' },
      { method: 'PUT' as const, url: '/api/admin/user/1', payload: { password: 'taken over 1' } },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: {
          username: 'x@example.com',
          email: 'x@example.com',
          password: 'chosen pass 1',
          role: 'administrator',
        },
      },
    ]
    for (const call of calls) {
      expect((await context.app.inject({ ...call, headers: as(null) })).statusCode, call.url).toBe(401)
      for (const caller of [standard, guestOwner]) {
        const refused = await context.app.inject({ ...call, headers: as(caller) })
        expect(refused.statusCode, call.url).toBe(403)
        expect(refused.json().code).toBe('AUTH_FORBIDDEN')
      }
      // sharing may call auth, but only its internal routes.
      expect(
        (await context.app.inject({ ...call, headers: serviceHeaders('sharing', 'auth', adminIdentity) }))
          .statusCode,
        call.url,
      ).toBe(403)
    }
    // Nothing changed: the administrator still signs in with the first password, and nobody was added.
    expect((await context.login('admin@example.com', 'admin password 1')).statusCode).toBe(200)
    const users = await context.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(adminIdentity),
    })
    expect(users.json().map((user: { username: string }) => user.username)).toEqual(['admin@example.com'])
  })
})

describe('users.updated.v1', () => {
  it('is published when an administrator changes what others show of a user, and not for a password only', async () => {
    const events: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void events.push(event), {
      group: 'test',
    })
    const { id } = (
      await register({
        username: 'kim@example.com',
        password: 'set by admin',
        email: 'kim@example.com',
        name: 'Kim Lee',
      })
    ).json()
    expect((await edit(id, { password: 'another one 2' })).statusCode).toBe(200)
    expect((await edit(id, { email: 'kim.lee@example.com' })).statusCode).toBe(200)
    await expect
      .poll(() => events.map((event) => event.data))
      .toEqual([
        {
          id,
          username: 'kim.lee@example.com',
          email: 'kim.lee@example.com',
          firstName: '',
          lastName: '',
          name: 'Kim Lee',
          role: 'standard',
        },
      ])
    expect(events[0]!.type).toBe(USERS_UPDATED)
  })
})
