import { describe, expect, it } from 'vitest'
import { deletedUserKey } from '@app/contracts/account-deletion'
import { USERS_DELETED, UserDeletedSchema } from '@app/contracts/events'
import type { EventBus, EventEnvelope } from '@app/kit/bus/port'
import { sessionValidAfterKey } from '@app/kit/kv/index'
import type { Identity } from '@app/kit/identity'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { testConfig } from '@app/kit/testing/config'
import { buildApp } from '../src/app.ts'
import { authEnvSchema } from '../src/config.ts'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { ADMIN, adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

async function register(email: string, password: string, role = 'standard') {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username: email, password, email, role, firstName: 'Dana', lastName: 'Doe' },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = (created.json() as { id: number }).id
  // Registered accounts choose their own password first: this one keeps what it was given.
  const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
  await users.update(id, { mustChangePassword: false })
  const identity: Identity = {
    userId: id,
    role: role as Identity['role'],
    username: email,
    mustChangePassword: false,
  }
  return { id, identity }
}

function deletionsHeard(bus: EventBus = context.dependencies.bus) {
  const events: EventEnvelope[] = []
  const subscribed = bus.subscribe(USERS_DELETED, async (event) => void events.push(event), {
    group: `test-deletions-${Math.random()}`,
  })
  return { events, subscribed }
}

const deleteOwn = (identity: Identity, password: string) =>
  context.app.inject({ method: 'DELETE', url: '/api/account', headers: as(identity), payload: { password } })
const deleteAsAdmin = (id: number, identity = adminIdentity) =>
  context.app.inject({ method: 'DELETE', url: `/api/admin/user/${id}`, headers: as(identity) })

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('deleting my account', () => {
  it('with the current password: the account goes, sessions end, one event, a confirmation mail', async () => {
    const heard = deletionsHeard()
    await heard.subscribed
    const { id, identity } = await register('dana@example.com', 'dana secret 1')
    const before = Date.now()

    const response = await deleteOwn(identity, 'dana secret 1')

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: 'The account has been deleted', userId: id, completed: true })
    expect(response.headers['x-session-logout']).toBe('1')
    expect(response.headers['x-session-revoke-user']).toBe(String(id))
    const { kv } = context.dependencies
    expect(Number(await kv.get(sessionValidAfterKey(id)))).toBeGreaterThanOrEqual(before)
    expect(await kv.get(deletedUserKey(id))).toBe('1')
    expect((await context.login('dana@example.com', 'dana secret 1')).statusCode).toBe(401)
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/admin/user/${id}`, headers: as(adminIdentity) }))
        .statusCode,
    ).toBe(404)
    const listed = await context.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(adminIdentity),
    })
    expect(listed.body).not.toContain('dana@example.com')
    expect(context.sent.map((mail) => [mail.to, mail.subject])).toContainEqual([
      'dana@example.com',
      'Your account has been deleted',
    ])
    await until(() => heard.events.length === 1)
    expect(UserDeletedSchema.parse(heard.events[0]!.data)).toMatchObject({
      userId: id,
      email: 'dana@example.com',
      deletedBy: id,
    })

    // Again: 404, and nothing more happens.
    const again = await deleteOwn(identity, 'dana secret 1')
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ code: 'AUTH_USER_NOT_FOUND' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heard.events).toHaveLength(1)
  })

  it('leaves no name or address of the person on the guests they invited', async () => {
    const { id } = await register('ines@example.com', 'ines secret 1')
    const invited = await context.app.inject({
      method: 'POST',
      url: '/internal/users/find-or-create-guest',
      headers: serviceHeaders('sharing', 'auth'),
      payload: {
        email: 'guest.of.ines@example.com',
        name: 'Gina Guest',
        role: 'guest_standard',
        password: 'gina secret 1',
        invitedBy: { name: 'Ines Inviter', email: 'ines@example.com' },
      },
    })
    expect(invited.statusCode, invited.body).toBe(200)
    const guestId = (invited.json() as { user: { id: number } }).user.id
    const shown = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/admin/user/${guestId}`,
          headers: as(adminIdentity),
        })
      ).body
    expect(await shown()).toContain('ines@example.com')

    expect((await deleteAsAdmin(id)).statusCode).toBe(200)

    const after = await shown()
    expect(after).toContain('guest.of.ines@example.com')
    expect(after).not.toContain('Ines Inviter')
    expect(after).not.toContain('"ines@example.com"')
  })

  it('with a wrong or missing password: 400, and the account stays', async () => {
    const heard = deletionsHeard()
    await heard.subscribed
    const { identity } = await register('erin@example.com', 'erin secret 1')
    for (const payload of [{ password: 'not it at all' }, {}]) {
      const response = await context.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: as(identity),
        payload,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ message: 'Current password is incorrect' })
    }
    expect((await context.login('erin@example.com', 'erin secret 1')).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heard.events).toHaveLength(0)
  })
})

describe("an administrator's delete", () => {
  it('deletes any account once; a repeat and an unknown id answer 404', async () => {
    const heard = deletionsHeard()
    await heard.subscribed
    const { id } = await register('fay@example.com', 'fay secret 11')
    const response = await deleteAsAdmin(id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['x-session-revoke-user']).toBe(String(id))
    expect(response.headers['x-session-logout']).toBeUndefined()
    expect((await deleteAsAdmin(id)).statusCode).toBe(404)
    expect((await deleteAsAdmin(99_999)).statusCode).toBe(404)
    await until(() => heard.events.length === 1)
    expect(UserDeletedSchema.parse(heard.events[0]!.data)).toMatchObject({ userId: id, deletedBy: 1 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heard.events).toHaveLength(1)
  })

  it('never deletes the last administrator, with a clear 409', async () => {
    const alone = await deleteAsAdmin(1)
    expect(alone.statusCode).toBe(409)
    expect(alone.json()).toEqual({
      code: 'AUTH_LAST_ADMINISTRATOR',
      message: 'The last administrator cannot be deleted: make another account an administrator first',
    })
    const ownDelete = await deleteOwn(adminIdentity, ADMIN.password)
    expect(ownDelete.statusCode).toBe(409)
    expect((await context.login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)

    const second = await register('second.admin@example.com', 'second admin 1', 'administrator')
    expect((await deleteAsAdmin(1, second.identity)).statusCode).toBe(200)
    expect((await deleteAsAdmin(second.id, second.identity)).statusCode).toBe(409)
  })

  it('keeps one administrator when the last two are deleted at once, by each other or by themselves', async () => {
    const second = await register('second.admin@example.com', 'second admin 1', 'administrator')
    // Each deletes the other at the same moment: each saw two administrators before either mark was written.
    const crossed = await Promise.all([deleteAsAdmin(second.id), deleteAsAdmin(1, second.identity)])
    expect(crossed.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    expect(await users.countActiveAdministrators()).toBe(1)

    const survivor = crossed[0]!.statusCode === 200 ? adminIdentity : second.identity
    const third = await register('third.admin@example.com', 'third admin 11', 'administrator')
    const own = await Promise.all([
      deleteOwn(third.identity, 'third admin 11'),
      deleteOwn(survivor, survivor === adminIdentity ? ADMIN.password : 'second admin 1'),
    ])
    expect(own.map((response) => response.statusCode).sort()).toEqual([200, 409])
    expect(await users.countActiveAdministrators()).toBe(1)
  })

  it('is refused to a standard user', async () => {
    const { identity } = await register('gil@example.com', 'gil secret 11')
    expect((await deleteAsAdmin(1, identity)).statusCode).toBe(403)
  })
})

describe('a deletion interrupted', () => {
  it('after the mark (a crash): the account cannot sign in, and the next start finishes it', async () => {
    const { id } = await register('hal@example.com', 'hal secret 11')
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    // What a crash right after the mark leaves: the mark, no event, the record still there.
    expect(await users.markDeletion(id, id, new Date())).not.toBeNull()
    expect((await context.login('hal@example.com', 'hal secret 11')).statusCode).toBe(401)
    await context.app.close()
    const heard = deletionsHeard()
    await heard.subscribed

    context.app = await buildApp({
      ...context.dependencies,
      mailer: { send: async (email) => void context.sent.push(email) },
      announce: () => undefined,
      config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    })
    await context.app.ready()

    await until(async () => (await users.findById(id)) === null)
    await until(() => heard.events.length === 1)
    expect(UserDeletedSchema.parse(heard.events[0]!.data)).toMatchObject({
      userId: id,
      email: 'hal@example.com',
    })
    expect(await context.dependencies.kv.get(deletedUserKey(id))).toBe('1')
    expect(context.sent.map((mail) => mail.to)).toContain('hal@example.com')
  })

  it('by a bus outage: answered as started, finished by the sweep once the bus is back', async () => {
    await context.app.close()
    let busDown = true
    const bus = context.dependencies.bus
    const flaky: EventBus = {
      ...bus,
      kind: bus.kind,
      publish: async (event, key) => {
        if (busDown && event.type === USERS_DELETED) throw new Error('bus unreachable')
        await bus.publish(event, key)
      },
      subscribe: (...args) => bus.subscribe(...args),
      ping: () => bus.ping(),
      close: () => bus.close(),
    }
    context.app = await buildApp({
      ...context.dependencies,
      bus: flaky,
      mailer: { send: async (email) => void context.sent.push(email) },
      announce: () => undefined,
      deletionSweepMs: 50,
      config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    })
    await context.app.ready()
    const heard = deletionsHeard()
    await heard.subscribed
    const { id, identity } = await register('ivy@example.com', 'ivy secret 11')

    const response = await deleteOwn(identity, 'ivy secret 11')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ userId: id, completed: false })
    expect((await context.login('ivy@example.com', 'ivy secret 11')).statusCode).toBe(401)
    expect((await deleteOwn(identity, 'ivy secret 11')).statusCode).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    expect((await users.findById(id))?.deletionStartedAt).toEqual(expect.any(String))

    busDown = false
    await until(async () => (await users.findById(id)) === null)
    await until(() => heard.events.length === 1)
  })
})
