import { describe, expect, it } from 'vitest'
import { USERS_CREATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { ADMIN, adminIdentity, as, loginHeaderOf, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const row = (key: string, email: string, first = 'Ann', last = 'Lee') => ({
  importKey: `job-1:${key}`,
  email,
  firstName: first,
  lastName: last,
  name: `${first} ${last}`,
  password: `#${first}${last}${last.length}`,
})
const importUsers = (users: object[], headers = serviceHeaders('import', 'auth')) =>
  context.app.inject({ method: 'POST', url: '/internal/users/import', headers, payload: { users } })

function collect(topic: string) {
  const events: EventEnvelope[] = []
  const subscribed = context.dependencies.bus.subscribe(topic, async (event) => void events.push(event), {
    group: `test-${topic}`,
  })
  return { events, subscribed }
}

describe('POST /internal/users/import (import → auth)', () => {
  it('creates standard users who must change their password, username their normalised e-mail', async () => {
    const created = collect(USERS_CREATED)
    await created.subscribed
    const response = await importUsers([
      row('2', '  Ann.Lee@Example.COM ', 'Ann', 'Lee'),
      row('3', 'bo@example.com', 'Bo', 'Quist'),
    ])
    expect(response.statusCode, response.body).toBe(200)
    const { results } = response.json()
    expect(results).toMatchObject([
      { importKey: 'job-1:2', status: 'created' },
      { importKey: 'job-1:3', status: 'created' },
    ])
    expect(results[0].userId).not.toBe(results[1].userId)

    const signedIn = await context.login('ann.lee@example.com', '#AnnLee3')
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(loginHeaderOf(signedIn)).toMatchObject({
      id: results[0].userId,
      role: 'standard',
      username: 'ann.lee@example.com',
      mustChangePassword: true,
    })
    const details = await context.app.inject({
      method: 'GET',
      url: `/api/admin/user/${results[1].userId}`,
      headers: as(adminIdentity),
    })
    expect(details.json()).toMatchObject({
      email: 'bo@example.com',
      username: 'bo@example.com',
      firstName: 'Bo',
      lastName: 'Quist',
      name: 'Bo Quist',
      role: 'standard',
      mustChangePassword: true,
    })
    expect(details.body).not.toContain('importKey')
    expect(details.body).not.toContain('argon2')

    // Each account is in the answer, for the import to hand on to profiles with its assessment, instead of
    // a users.created.v1 per account (docs/decisions/047-imported-names-in-the-batch.md).
    expect(results[0].account).toEqual({
      id: results[0].userId,
      username: 'ann.lee@example.com',
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      name: 'Ann Lee',
      role: 'standard',
    })
    expect(results[1].account).toMatchObject({ id: results[1].userId, name: 'Bo Quist', role: 'standard' })
    // An account registered after them is announced, and the imported ones, published before it, were not.
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as(adminIdentity),
      payload: { username: 'reg@example.com', password: 'a fine password', email: 'reg@example.com' },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const ids = () => created.events.map((event) => (event.data as { id: number }).id)
    await expect.poll(ids).toContain(registered.json().id)
    expect(ids().filter((id) => id === results[0].userId || id === results[1].userId)).toEqual([])
  })

  it('creates nothing when the same batch is sent again, answering the accounts made the first time', async () => {
    const created = collect(USERS_CREATED)
    await created.subscribed
    const batch = [row('2', 'ann@example.com'), row('3', 'bo@example.com', 'Bo', 'Quist')]
    const first = (await importUsers(batch)).json().results
    const announced = (id: number) =>
      created.events.filter((event) => (event.data as { id: number }).id === id).length
    const again = await importUsers(batch)
    expect(again.statusCode).toBe(200)
    expect(again.json().results).toEqual([
      { importKey: 'job-1:2', status: 'existing', userId: first[0].userId, account: first[0].account },
      { importKey: 'job-1:3', status: 'existing', userId: first[1].userId, account: first[1].account },
    ])
    expect(first[1].account).toMatchObject({ id: first[1].userId, email: 'bo@example.com' })
    const users = await context.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(adminIdentity),
    })
    expect(users.json()).toHaveLength(3) // the administrator and the two imported
    // Nothing is announced, the first time or for a retry (decision 047).
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect([announced(first[0].userId), announced(first[1].userId)]).toEqual([0, 0])
  })

  it('creates an account once when two copies of a batch race', async () => {
    const batch = [row('7', 'race@example.com')]
    const [one, two] = await Promise.all([importUsers(batch), importUsers(batch)])
    const statuses = [one.json().results[0], two.json().results[0]]
    expect(statuses.map((result) => result.status).sort()).toEqual(['created', 'existing'])
    expect(statuses[0].userId).toBe(statuses[1].userId)
  })

  it('refuses an e-mail or username another account holds, and a second row with the same e-mail', async () => {
    const response = await importUsers([
      row('2', ADMIN.email.toUpperCase()),
      row('3', 'dup@example.com'),
      row('4', ' DUP@example.com', 'Dee', 'Upton'),
    ])
    expect(response.json().results).toEqual([
      { importKey: 'job-1:2', status: 'duplicate', reason: 'A user with this email already exists' },
      {
        importKey: 'job-1:3',
        status: 'created',
        userId: expect.any(Number),
        account: expect.objectContaining({ email: 'dup@example.com', role: 'standard' }),
      },
      { importKey: 'job-1:4', status: 'duplicate', reason: 'A user with this email already exists' },
    ])
    // A username that is someone's e-mail address counts as held too.
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as(adminIdentity),
      payload: {
        username: 'carla@example.com',
        password: 'a fine password',
        email: 'carla.other@example.com',
        role: 'standard',
      },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const byUsername = await importUsers([row('9', 'Carla@example.com', 'Carla', 'Diaz')])
    expect(byUsername.json().results[0]).toMatchObject({ status: 'duplicate' })
  })

  it('answers invalid for an e-mail that is not an address, and still creates the rest', async () => {
    const response = await importUsers([row('2', 'no-at-sign'), row('3', 'fine@example.com')])
    expect(response.json().results).toEqual([
      { importKey: 'job-1:2', status: 'invalid', reason: 'Invalid email address' },
      {
        importKey: 'job-1:3',
        status: 'created',
        userId: expect.any(Number),
        account: expect.objectContaining({ email: 'fine@example.com' }),
      },
    ])
  })

  it('is refused to another service, to a user identity and to a call without a token', async () => {
    const batch = [row('2', 'ann@example.com')]
    const fromSharing = await importUsers(batch, serviceHeaders('sharing', 'auth'))
    expect(fromSharing.statusCode).toBe(403)
    const fromUser = await importUsers(batch, as(adminIdentity))
    expect(fromUser.statusCode).toBe(403)
    const anonymous = await importUsers(batch, {})
    expect(anonymous.statusCode).toBe(401)
    // A token the import service signed for profiles is not one for auth.
    const wrongAudience = await importUsers(batch, serviceHeaders('import', 'profiles'))
    expect(wrongAudience.statusCode).toBe(401)
    expect((await context.login('ann@example.com', '#AnnLee3')).statusCode).toBe(401)
  })

  it('refuses a body that breaks the contract', async () => {
    const tooShort = await importUsers([{ ...row('2', 'ann@example.com'), password: '12345' }])
    expect(tooShort.statusCode).toBe(400)
    const operator = await importUsers([{ ...row('2', 'ann@example.com'), email: { $ne: null } }])
    expect(operator.statusCode).toBe(400)
    const extraRole = await importUsers([{ ...row('2', 'ann@example.com'), role: 'administrator' }])
    expect(extraRole.statusCode).toBe(400)
  })
})
