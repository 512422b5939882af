import { beforeEach, describe, expect, it } from 'vitest'
import { deletedUserKey } from '@app/contracts/account-deletion'
import { USERS_CREATED, USERS_DELETED, USERS_UPDATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { sessionValidAfterKey } from '@app/kit/kv/index'
import { adminIdentity, as, useAuthService } from '../support/auth-app.ts'
import {
  createScimToken,
  expectList,
  expectScimError,
  expectScimUser,
  scimClient,
} from '../support/scim-client.ts'

/**
 * The requests Microsoft Entra ID's provisioning service sends, as its documentation "Tutorial: Develop and plan
 * provisioning for a SCIM endpoint in Microsoft Entra ID" shows them: find by userName, create, read, update
 * with `Replace` operations (capitalised, filtered e-mail paths, "False" as a string), disable, delete.
 */
const entra = {
  userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
  createBody: {
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
    userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
    active: true,
    emails: [
      { primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com' },
    ],
    meta: { resourceType: 'User' },
    name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
    roles: [],
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
  },
  updateEmailAndFamilyName: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
    ],
  },
  updateUserName: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [
      { op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' },
    ],
  },
  addAttributes: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [
      { op: 'Add', path: 'displayName', value: 'Updated Display Name' },
      { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager', value: 'x' },
      { op: 'Add', path: 'title', value: 'Engineer' },
    ],
  },
  disable: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  },
  enable: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'active', value: true }],
  },
}

const context = useAuthService()
let token = ''
const scim = scimClient(context, () => token)
beforeEach(async () => {
  token = await createScimToken(context)
})

const find = (filter: string) => scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)

describe('Microsoft Entra ID provisioning a user', () => {
  it('finds nobody, creates the user once, then finds and reads it', async () => {
    const created: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_CREATED, async (event) => void created.push(event), {
      group: 'test',
    })
    const before = await find(`userName eq "${entra.userName}"`)
    expect(before.status).toBe(200)
    expect(String(before.headers['content-type'])).toMatch(/^application\/scim\+json/)
    expectList(before.json, 0)

    const post = await scim('POST', '/Users', entra.createBody)
    expect(post.status, JSON.stringify(post.json)).toBe(201)
    expectScimUser(post.json, {
      userName: entra.userName,
      externalId: entra.createBody.externalId,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName', formatted: 'givenName familyName' },
      emails: [
        {
          value: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com',
          type: 'work',
          primary: true,
        },
      ],
    })
    expect(post.headers.location).toBe(post.json.meta.location)
    expect(post.headers.etag).toBe(post.json.meta.version)
    await expect
      .poll(() =>
        created
          .map((event) => event.data)
          .filter((data) => (data as { id: number }).id === Number(post.json.id)),
      )
      .toEqual([expect.objectContaining({ username: entra.userName, role: 'standard' })])

    const again = await scim('POST', '/Users', entra.createBody)
    expectScimError(again, 409, 'uniqueness')

    const found = await find(`userName eq "${entra.userName.toUpperCase()}"`)
    expectList(found.json, 1)
    expect(found.json.Resources[0]).toEqual(post.json)
    const byEmail = await find(
      'emails[type eq "work"].value eq "Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com"',
    )
    expect(byEmail.json.Resources.map((user: { id: string }) => user.id)).toEqual([post.json.id])
    expectList((await find('userName eq "non-existent user"')).json, 0)

    const read = await scim('GET', `/Users/${post.json.id}`)
    expect(read.status).toBe(200)
    expect(read.json).toEqual(post.json)
  })

  it('applies its Replace and Add operations, and announces what others show', async () => {
    const updated: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void updated.push(event), {
      group: 'test',
    })
    const { id } = (await scim('POST', '/Users', entra.createBody)).json
    const first = await scim('PATCH', `/Users/${id}`, entra.updateEmailAndFamilyName)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expectScimUser(first.json, {
      name: { givenName: 'givenName', familyName: 'updatedFamilyName', formatted: 'givenName familyName' },
      emails: [{ value: 'updatedemail@microsoft.com', type: 'work', primary: true }],
    })
    const second = await scim('PATCH', `/Users/${id}`, entra.updateUserName)
    expect(second.json.userName).toBe('5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com')
    const third = await scim('PATCH', `/Users/${id}`, entra.addAttributes)
    expect(third.status, JSON.stringify(third.json)).toBe(200)
    expect(third.json.displayName).toBe('Updated Display Name')
    await expect
      .poll(() => updated.map((event) => (event.data as { name: string }).name))
      .toEqual(['givenName familyName', 'givenName familyName', 'Updated Display Name'])
    expect(updated.at(-1)!.data).toMatchObject({
      id: Number(id),
      username: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com',
      email: 'updatedemail@microsoft.com',
      lastName: 'updatedFamilyName',
    })
  })

  it('disables the user: sign-in refused, sessions ended, profiles kept; enabling restores it', async () => {
    const body = {
      ...entra.createBody,
      userName: 'pat.lee@testuser.com',
      emails: [{ primary: true, type: 'work', value: 'pat.lee@testuser.com' }],
      password: 'Correct horse 9',
    }
    const { id } = (await scim('POST', '/Users', body)).json
    expect((await context.login('pat.lee@testuser.com', 'Correct horse 9')).statusCode).toBe(200)
    const beforeDisable = Date.now()
    const disabled = await scim('PATCH', `/Users/${id}`, entra.disable)
    expect(disabled.status, JSON.stringify(disabled.json)).toBe(200)
    expect(disabled.json.active).toBe(false)
    const validAfter = await context.dependencies.kv.get(sessionValidAfterKey(Number(id)))
    expect(Number(validAfter)).toBeGreaterThanOrEqual(beforeDisable)

    const refused = await context.login('pat.lee@testuser.com', 'Correct horse 9')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      message: 'This account has been deactivated. Please contact your administrator.',
      code: 'AUTH_ACCOUNT_DEACTIVATED',
    })
    expect(refused.headers['x-session-login']).toBeUndefined()
    // A wrong password is told nothing more than ever.
    expect((await context.login('pat.lee@testuser.com', 'wrong password')).statusCode).toBe(401)

    expectList((await find('userName eq "pat.lee@testuser.com"')).json, 1)
    const enabled = await scim('PATCH', `/Users/${id}`, entra.enable)
    expect(enabled.json.active).toBe(true)
    expect((await context.login('pat.lee@testuser.com', 'Correct horse 9')).statusCode).toBe(200)
  })

  it('deletes the user as an administrator would; provisioning it again makes a new account', async () => {
    const deletions: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_DELETED, async (event) => void deletions.push(event), {
      group: 'test',
    })
    const body = { ...entra.createBody, password: 'Correct horse 9' }
    const { id } = (await scim('POST', '/Users', body)).json
    expect((await context.login(entra.userName, 'Correct horse 9')).statusCode).toBe(200)
    const beforeDelete = Date.now()
    const deleted = await scim('DELETE', `/Users/${id}`)
    expect(deleted.status).toBe(204)
    expect(deleted.json).toBeNull()
    // Its sessions ended before the answer, as an administrator's delete ends them.
    const validAfter = await context.dependencies.kv.get(sessionValidAfterKey(Number(id)))
    expect(Number(validAfter)).toBeGreaterThanOrEqual(beforeDelete)
    expect(await context.dependencies.kv.get(deletedUserKey(Number(id)))).toBe('1')
    // One users.deleted.v1, asked by the administrator who created the token.
    await expect.poll(() => deletions.length).toBe(1)
    expect(deletions[0]!.data).toEqual({
      userId: Number(id),
      email: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com',
      deletedBy: adminIdentity.userId,
      deletedAt: expect.any(String),
    })
    expectScimError(await scim('GET', `/Users/${id}`), 404)
    expectScimError(await scim('DELETE', `/Users/${id}`), 404)
    expectScimError(await scim('PATCH', `/Users/${id}`, entra.enable), 404)
    expectList((await find(`userName eq "${entra.userName}"`)).json, 0)
    expect((await context.login(entra.userName, 'Correct horse 9')).statusCode).toBe(401)

    const again = await scim('POST', '/Users', entra.createBody)
    expect(again.status, JSON.stringify(again.json)).toBe(201)
    expect(again.json.id).not.toBe(id)
    expect(again.json.active).toBe(true)
    // A new account: the deleted one's password opens nothing.
    expect((await context.login(entra.userName, 'Correct horse 9')).statusCode).toBe(401)
    expectList((await find(`userName eq "${entra.userName}"`)).json, 1)
    expect(deletions).toHaveLength(1)
  })

  it('never deletes the last administrator; another administrator may be deleted', async () => {
    const admins = await find(`userName eq "${adminIdentity.username}"`)
    const adminId = admins.json.Resources[0].id as string
    const refused = await scim('DELETE', `/Users/${adminId}`)
    expectScimError(refused, 409)
    expect(refused.json.detail).toBe(
      'The last administrator cannot be deleted; another administrator must exist first',
    )
    expect((await scim('GET', `/Users/${adminId}`)).status).toBe(200)

    const second = await context.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as(adminIdentity),
      payload: {
        username: 'second.admin@testuser.com',
        password: 'second admin 1',
        email: 'second.admin@testuser.com',
        role: 'administrator',
        firstName: 'Second',
        lastName: 'Admin',
      },
    })
    expect(second.statusCode, second.body).toBe(201)
    const secondId = String((second.json() as { id: number }).id)
    expect((await scim('DELETE', `/Users/${secondId}`)).status).toBe(204)
    expectScimError(await scim('GET', `/Users/${secondId}`), 404)
    // The first one is the last again.
    expectScimError(await scim('DELETE', `/Users/${adminId}`), 409)
  })
})
