import { beforeEach, describe, expect, it } from 'vitest'
import { USERS_DELETED, USERS_UPDATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { useAuthService } from '../support/auth-app.ts'
import { createScimToken, expectList, expectScimUser, scimClient } from '../support/scim-client.ts'

/**
 * The requests Okta's SCIM 2.0 provisioning sends, as Okta's "SCIM 2.0 protocol reference" shows them: a
 * paged userName lookup, create with a pushed password, read, a full PUT to update, and deactivation and
 * reactivation by a PATCH without a path (`{ "active": false }`); Okta deprovisions by deactivating.
 */
const okta = {
  lookup: '/Users?filter=userName%20eq%20%22test.user%40okta.local%22&startIndex=1&count=100',
  create: {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: 'test.user@okta.local',
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    password: '1mz050nq',
    active: true,
  },
  replace: (id: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    id,
    userName: 'test.user@okta.local',
    name: { givenName: 'Another', familyName: 'User' },
    emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
    displayName: 'Another User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    active: true,
    meta: { resourceType: 'User' },
  }),
  setActive: (active: boolean) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', value: { active } }],
  }),
}

const context = useAuthService()
let token = ''
const scim = scimClient(context, () => token)
beforeEach(async () => {
  token = await createScimToken(context, 'Okta')
})

describe('Okta provisioning a user', () => {
  it('looks the user up, creates it with its password, and reads it', async () => {
    const lookup = await scim('GET', okta.lookup)
    expect(lookup.status).toBe(200)
    expectList(lookup.json, 0)
    expect(lookup.json).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    })
    const created = await scim('POST', '/Users', okta.create)
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expectScimUser(created.json, {
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      displayName: 'Test User',
      name: { givenName: 'Test', familyName: 'User', formatted: 'Test User' },
      emails: [{ value: 'test.user@okta.local', type: 'work', primary: true }],
      active: true,
    })
    expect(created.json).not.toHaveProperty('password')
    // The pushed password is the person's own: it signs in, and no change is demanded.
    const login = await context.login('test.user@okta.local', '1mz050nq')
    expect(login.statusCode).toBe(200)
    expect(login.json().mustChangePassword).toBe(false)
    const found = await scim('GET', okta.lookup)
    expectList(found.json, 1)
    expect(found.json.Resources[0]).toEqual(created.json)
    expect((await scim('GET', `/Users/${created.json.id}`)).json).toEqual(created.json)
  })

  it('replaces the profile with PUT, keeping the password and the account', async () => {
    const updated: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void updated.push(event), {
      group: 'test',
    })
    const { id } = (await scim('POST', '/Users', okta.create)).json
    const put = await scim('PUT', `/Users/${id}`, okta.replace(id))
    expect(put.status, JSON.stringify(put.json)).toBe(200)
    expectScimUser(put.json, {
      id,
      displayName: 'Another User',
      name: { givenName: 'Another', familyName: 'User', formatted: 'Another User' },
    })
    await expect
      .poll(() => updated.map((event) => event.data))
      .toEqual([
        {
          id: Number(id),
          username: 'test.user@okta.local',
          email: 'test.user@okta.local',
          firstName: 'Another',
          lastName: 'User',
          name: 'Another User',
          role: 'standard',
        },
      ])
    expect((await context.login('test.user@okta.local', '1mz050nq')).statusCode).toBe(200)
  })

  it('deactivates and reactivates with a PATCH value object, announcing both', async () => {
    const updated: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void updated.push(event), {
      group: 'test',
    })
    const deleted: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_DELETED, async (event) => void deleted.push(event), {
      group: 'test',
    })
    const { id } = (await scim('POST', '/Users', okta.create)).json
    const off = await scim('PATCH', `/Users/${id}`, okta.setActive(false))
    expect(off.status, JSON.stringify(off.json)).toBe(200)
    expect(off.json.active).toBe(false)
    expect((await scim('GET', `/Users/${id}`)).json.active).toBe(false)
    expect((await context.login('test.user@okta.local', '1mz050nq')).statusCode).toBe(403)
    const on = await scim('PATCH', `/Users/${id}`, okta.setActive(true))
    expect(on.json.active).toBe(true)
    expect((await context.login('test.user@okta.local', '1mz050nq')).statusCode).toBe(200)
    await expect
      .poll(() => updated.map((event) => (event.data as { active?: boolean }).active))
      .toEqual([false, undefined])
    // A deactivation is not a deletion: the account and its profiles stay.
    expect(deleted).toEqual([])
  })

  it('refuses to sign a deactivated person in by accepting an invitation, even with their password', async () => {
    const { id } = (await scim('POST', '/Users', okta.create)).json
    await scim('PATCH', `/Users/${id}`, okta.setActive(false))
    const accept = await context.app.inject({
      method: 'POST',
      url: '/internal/users/find-or-create-guest',
      headers: serviceHeaders('sharing', 'auth'),
      payload: {
        email: 'test.user@okta.local',
        name: 'Test User',
        role: 'guest_standard',
        password: '1mz050nq',
        invitedBy: { name: 'Owner', email: 'owner@example.com' },
      },
    })
    expect(accept.statusCode, accept.body).toBe(403)
    expect(accept.json().code).toBe('AUTH_ACCOUNT_DEACTIVATED')
  })

  it('pages through the users with startIndex and count', async () => {
    for (const n of [1, 2, 3, 4, 5])
      await scim('POST', '/Users', {
        ...okta.create,
        userName: `person${n}@okta.local`,
        emails: [{ primary: true, value: `person${n}@okta.local`, type: 'work' }],
        externalId: `okta-${n}`,
        password: undefined,
      })
    // The first administrator is a staff account too: six in all.
    const first = await scim('GET', '/Users?startIndex=1&count=4')
    expect(first.json).toMatchObject({ totalResults: 6, startIndex: 1, itemsPerPage: 4 })
    const second = await scim('GET', '/Users?startIndex=5&count=4')
    expect(second.json).toMatchObject({ totalResults: 6, startIndex: 5, itemsPerPage: 2 })
    const names = [...first.json.Resources, ...second.json.Resources].map(
      (user: { userName: string }) => user.userName,
    )
    expect(names).toEqual(['admin@example.com', ...[1, 2, 3, 4, 5].map((n) => `person${n}@okta.local`)])
    expect((await scim('GET', '/Users?count=0')).json).toMatchObject({ totalResults: 6, itemsPerPage: 0 })
    const byExternalId = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "okta-3"')}`)
    expect(byExternalId.json.Resources.map((user: { userName: string }) => user.userName)).toEqual([
      'person3@okta.local',
    ])
  })
})
