import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AdminUserSchema } from '@app/contracts/auth'
import { USERS_UPDATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { Identity } from '@app/kit/identity'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

const context = useAuthService()

const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  context.app.inject({ method, url, headers: as(adminIdentity), ...(payload ? { payload } : {}) })

async function register(username: string, password: string, fields: object = {}) {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username, password, email: username, role: 'standard', ...fields },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as { id: number; username: string }
}

/** A guest as sharing creates one when an invitation is accepted. */
async function guest(email: string, name: string, password: string, role = 'guest_standard') {
  const response = await context.app.inject({
    method: 'POST',
    url: '/internal/users/find-or-create-guest',
    headers: serviceHeaders('sharing', 'auth'),
    payload: { email, name, role, password, invitedBy: { name: 'Olive Owner', email: 'olive@example.com' } },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().user as { id: number; role: Identity['role']; username: string }
}

function updates() {
  const events: EventEnvelope[] = []
  const subscribed = context.dependencies.bus.subscribe(
    USERS_UPDATED,
    async (event) => void events.push(event),
    {
      group: 'test-updates',
    },
  )
  return { events, subscribed }
}

describe("guests' credentials", () => {
  it('cannot be edited: 403 with a clear message, nothing changed, no session ended', async () => {
    const seen = updates()
    await seen.subscribed
    for (const role of ['guest_standard', 'guest_owner']) {
      const email = `${role}@example.com`
      const { id } = await guest(email, 'Gina Guest', 'chosen pass 1', role)
      for (const body of [{ email: 'taken.over@example.com' }, { password: 'taken over 1' }, {}]) {
        const refused = await admin('PUT', `/api/admin/user/${id}`, body)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toEqual({
          code: 'AUTH_GUEST_CREDENTIALS_LOCKED',
          message:
            "A guest's e-mail and password cannot be edited: they come from the invitation the guest accepted",
        })
        expect(refused.headers['x-session-revoke-user']).toBeUndefined()
      }
      expect((await admin('GET', `/api/admin/user/${id}`)).json()).toMatchObject({
        email,
        username: email,
        role,
      })
      expect((await context.login(email, 'chosen pass 1')).statusCode).toBe(200)
    }
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(seen.events).toEqual([])
  })

  it("show the derived default password only while it still opens the guest's account", async () => {
    // A guest who chose the spec's format: the capitalised form of the bulk import.
    const gina = await guest('gina@example.com', 'Gina Guest', '#GinaGuest5')
    const shown = await admin('GET', `/api/admin/user/${gina.id}`)
    expect(shown.json()).toMatchObject({ id: gina.id, defaultPassword: '#GinaGuest5' })
    expect(AdminUserSchema.safeParse(shown.json()).success).toBe(true)
    // The lower-case form of the single import is recognised too.
    const hal = await guest('hal@example.com', 'Hal Lowe', '#hallowe4', 'guest_owner')
    expect((await admin('GET', `/api/admin/user/${hal.id}`)).json().defaultPassword).toBe('#hallowe4')

    // Once the guest changes it, nothing is shown.
    const identity: Identity = {
      userId: gina.id,
      role: 'guest_standard',
      username: gina.username,
      mustChangePassword: false,
    }
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: as(identity),
      payload: { currentPassword: '#GinaGuest5', newPassword: 'my own secret' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await admin('GET', `/api/admin/user/${gina.id}`)).json().defaultPassword).toBeNull()

    // A guest who chose another password never had one to show; a standard user's detail has no such field.
    const ivy = await guest('ivy@example.com', 'Ivy Gale', 'chosen pass 1')
    expect((await admin('GET', `/api/admin/user/${ivy.id}`)).json().defaultPassword).toBeNull()
    const sam = await register('sam@example.com', '#samlee3', { firstName: 'Sam', lastName: 'Lee' })
    expect((await admin('GET', `/api/admin/user/${sam.id}`)).json()).not.toHaveProperty('defaultPassword')
    // Never in the lists.
    for (const url of ['/api/admin/users', '/api/admin/guest-users']) {
      const list = await admin('GET', url)
      expect(list.body).not.toContain('defaultPassword')
      expect(list.body).not.toContain('#hallowe4')
    }
  })
})

describe("PUT /api/admin/user/:id with the spec client's bodies", () => {
  it('changes e-mail, username and password together when the username is the new e-mail', async () => {
    const seen = updates()
    await seen.subscribed
    const { id } = await register('old@example.com', 'first pass 1', { firstName: 'Olga', lastName: 'Dahl' })
    const response = await admin('PUT', `/api/admin/user/${id}`, {
      email: 'new@example.com',
      username: 'new@example.com',
      password: 'second pass 2',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id, email: 'new@example.com', username: 'new@example.com' })
    expect(response.headers['x-session-revoke-user']).toBe(String(id))
    expect((await context.login('new@example.com', 'second pass 2')).json()).toMatchObject({
      mustChangePassword: true,
    })
    expect((await context.login('old@example.com', 'first pass 1')).statusCode).toBe(401)
    await expect
      .poll(() => seen.events.map((event) => event.data))
      .toEqual([expect.objectContaining({ id, email: 'new@example.com', username: 'new@example.com' })])
  })

  it('keeps the password when it is blank, and answers the unchanged user when nothing changed', async () => {
    const seen = updates()
    await seen.subscribed
    const { id } = await register('pat@example.com', 'first pass 1')
    const before = (await admin('GET', `/api/admin/user/${id}`)).json()
    for (const body of [
      { password: '' },
      { email: 'pat@example.com', username: 'pat@example.com', password: '' },
      { email: ' PAT@example.com ', username: 'Pat@Example.com' },
      {},
    ]) {
      const response = await admin('PUT', `/api/admin/user/${id}`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(200)
      expect(response.json()).toEqual(before)
      expect(response.headers['x-session-revoke-user']).toBeUndefined()
    }
    expect((await context.login('pat@example.com', 'first pass 1')).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(seen.events).toEqual([])
  })

  it('does not rename a user whose username is not their e-mail when the page sends the e-mail as username', async () => {
    const { id } = await register('jo', 'first pass 1', { email: 'jo@example.com' })
    const response = await admin('PUT', `/api/admin/user/${id}`, {
      email: 'jo@example.com',
      username: 'jo@example.com',
      password: 'second pass 2',
    })
    expect(response.json()).toMatchObject({ username: 'jo', email: 'jo@example.com' })
    expect((await context.login('jo', 'second pass 2')).statusCode).toBe(200)
    // Changing the e-mail does change the username with it.
    const moved = await admin('PUT', `/api/admin/user/${id}`, {
      email: 'jo.park@example.com',
      username: 'jo.park@example.com',
    })
    expect(moved.json()).toMatchObject({ username: 'jo.park@example.com', email: 'jo.park@example.com' })
  })
})

describe('GET /api/admin/users and /api/admin/guest-users', () => {
  it('answer every account in the contract’s shape, oldest first, without any secret', async () => {
    await register('a@example.com', 'first pass 1', { firstName: 'Al', lastName: 'Ames' })
    await guest('g@example.com', 'Gil Gray', '#GilGray4', 'guest_owner')
    const all = await admin('GET', '/api/admin/users')
    expect(all.headers['content-type']).toMatch(/^application\/json/)
    const users = z.array(AdminUserSchema.strict()).parse(all.json())
    expect(users.map((user) => [user.id, user.username, user.role])).toEqual([
      [1, 'admin@example.com', 'administrator'],
      [2, 'a@example.com', 'standard'],
      [3, 'g@example.com', 'guest_owner'],
    ])
    expect(users[2]).toMatchObject({
      invitedBy: 'Olive Owner',
      invitedByEmail: 'olive@example.com',
      dateInvited: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(all.body).not.toMatch(/argon2|passwordHash|#GilGray4/)
    const guests = z
      .array(AdminUserSchema.strict())
      .parse((await admin('GET', '/api/admin/guest-users')).json())
    expect(guests.map((user) => user.username)).toEqual(['g@example.com'])
  })

  it('show every write at once, on this replica and on another sharing the key-value store', async () => {
    const usernames = async (app = context.app) =>
      (await app.inject({ method: 'GET', url: '/api/admin/users', headers: as(adminIdentity) }))
        .json()
        .map((user: { username: string }) => user.username)
    const replica = await buildApp({
      ...context.dependencies,
      announce: () => undefined,
      mailer: { send: async () => undefined },
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin password 1',
      }),
    })
    try {
      expect(await usernames()).toEqual(['admin@example.com'])
      expect(await usernames(replica)).toEqual(['admin@example.com'])
      const { id } = await register('a@example.com', 'first pass 1')
      expect(await usernames(replica)).toEqual(['admin@example.com', 'a@example.com'])
      await replica.inject({
        method: 'PUT',
        url: `/api/admin/user/${id}`,
        headers: as(adminIdentity),
        payload: { email: 'b@example.com' },
      })
      expect(await usernames()).toEqual(['admin@example.com', 'b@example.com'])
      await context.app.inject({
        method: 'POST',
        url: '/internal/users/import',
        headers: serviceHeaders('import', 'auth'),
        payload: {
          users: [
            {
              importKey: 'job:2',
              email: 'c@example.com',
              firstName: 'Cy',
              lastName: 'Dunn',
              name: 'Cy Dunn',
              password: '#CyDunn4',
            },
          ],
        },
      })
      expect(await usernames(replica)).toEqual(['admin@example.com', 'b@example.com', 'c@example.com'])
      await guest('g@example.com', 'Gil Gray', 'chosen pass 1')
      const guests = await replica.inject({
        method: 'GET',
        url: '/api/admin/guest-users',
        headers: as(adminIdentity),
      })
      expect(guests.json().map((user: { username: string }) => user.username)).toEqual(['g@example.com'])
    } finally {
      await replica.close()
    }
  })
})
