import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { testConfig } from '@app/kit/testing/config'
import { buildApp } from '../../src/app.ts'
import { authEnvSchema } from '../../src/config.ts'
import { adminIdentity, as, useAuthService } from '../support/auth-app.ts'
import { createScimToken, expectScimError, scimClient } from '../support/scim-client.ts'

const context = useAuthService()
let token: string | undefined = ''
const scim = scimClient(context, () => token)
beforeEach(async () => {
  token = await createScimToken(context)
})

const person = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: 'sam.roe@example.com',
  name: { givenName: 'Sam', familyName: 'Roe' },
  emails: [{ value: 'sam.roe@example.com', type: 'work', primary: true }],
}
const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url, headers: as(adminIdentity), ...(payload ? { payload } : {}) })

describe('SCIM bearer tokens', () => {
  it('are shown once, listed without the token, and kept only as a hash', async () => {
    const created = await admin('POST', '/api/admin/scim-tokens', { label: 'Okta' })
    expect(created.statusCode).toBe(201)
    const { id, token: secret } = created.json() as { id: string; token: string }
    expect(secret).toMatch(/^scim_[\w-]{43}$/)
    const list = (await admin('GET', '/api/admin/scim-tokens')).json() as Array<Record<string, unknown>>
    expect(list.map((entry) => entry.label)).toEqual(['Entra ID', 'Okta'])
    expect(JSON.stringify(list)).not.toContain(secret)
    expect(list.find((entry) => entry.id === id)).toEqual({
      id,
      label: 'Okta',
      createdAt: expect.any(String),
      createdBy: adminIdentity.userId,
      lastUsedAt: null,
    })
    const stored = await (
      await context.dependencies.store.collection('scim_tokens', {
        schema: (await import('zod')).z.looseObject({}),
        idKind: 'uuid',
      })
    ).find({})
    expect(JSON.stringify(stored)).not.toContain(secret)
    expect(stored.map((entry) => entry.tokenHash)).toContain(
      createHash('sha256').update(secret, 'utf8').digest('hex'),
    )
  })

  it('are refused when missing, garbage or revoked, in SCIM’s error shape, and nothing is created', async () => {
    for (const presented of [undefined, 'garbage', `scim_${'A'.repeat(43)}`, token!.slice(0, -1)]) {
      token = presented
      const answer = await scim('POST', '/Users', person)
      expectScimError(answer, 401)
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="SCIM"')
    }
    token = await createScimToken(context, 'to revoke')
    expect((await scim('GET', '/Users')).status).toBe(200)
    const [entry] = (
      (await admin('GET', '/api/admin/scim-tokens')).json() as Array<{ id: string; label: string }>
    ).filter((candidate) => candidate.label === 'to revoke')
    expect((await admin('DELETE', `/api/admin/scim-tokens/${entry!.id}`)).statusCode).toBe(200)
    expectScimError(await scim('POST', '/Users', person), 401)
    expectScimError(await scim('GET', '/ServiceProviderConfig'), 401)
    expect((await admin('DELETE', `/api/admin/scim-tokens/${entry!.id}`)).statusCode).toBe(404)
    const users = (await admin('GET', '/api/admin/users')).json() as Array<{ email: string }>
    expect(users.map((user) => user.email)).toEqual(['admin@example.com'])
  })

  it('of another tenant (another deployment of the product) are refused', async () => {
    const other = await createEmbeddedDependencies('auth')
    const otherApp = await buildApp({
      ...other,
      announce: () => undefined,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: 'admin@other.example',
        ADMIN_PASSWORD: 'other admin password',
      }),
    })
    try {
      const created = await otherApp.inject({
        method: 'POST',
        url: '/api/admin/scim-tokens',
        headers: as(adminIdentity),
        payload: { label: 'theirs' },
      })
      token = (created.json() as { token: string }).token
      expectScimError(await scim('GET', '/Users'), 401)
      expectScimError(await scim('POST', '/Users', person), 401)
    } finally {
      await otherApp.close()
      await other.close()
    }
  })

  it('are only for administrators to manage', async () => {
    const standard = { ...adminIdentity, userId: 2, role: 'standard' as const }
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/admin/scim-tokens',
      headers: as(standard),
      payload: { label: 'mine' },
    })
    expect(answer.statusCode).toBe(403)
    expect((await admin('POST', '/api/admin/scim-tokens', { label: '  ' })).statusCode).toBe(400)
  })
})

describe('SCIM and the last administrator', () => {
  const deactivate = (id: number | string) =>
    scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    })

  it('never deactivates or deletes the last active administrator, also when two are deactivated at once', async () => {
    const alone = await deactivate(1)
    expect(alone.status).toBe(409)
    expect(alone.json.detail).toBe(
      'The last administrator cannot be deactivated; another administrator must exist first',
    )
    const registered = await admin('POST', '/api/auth/register', {
      username: 'second.admin@example.com',
      email: 'second.admin@example.com',
      password: 'second admin 11',
      role: 'administrator',
      firstName: 'Second',
      lastName: 'Admin',
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const second = (registered.json() as { id: number }).id
    const both = await Promise.all([deactivate(1), deactivate(second)])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409])
    // A deactivated administrator manages nothing: it no longer counts, and it is not the last one.
    const [deactivated, survivor] = both[0]!.status === 200 ? [1, second] : [second, 1]
    expect((await scim('DELETE', `/Users/${survivor}`)).json.detail).toBe(
      'The last administrator cannot be deleted; another administrator must exist first',
    )
    expect((await scim('DELETE', `/Users/${deactivated}`)).status).toBe(204)
  })
})

describe('SCIM edits in the audit log', () => {
  it('are recorded as the token creator’s edits, naming the fields changed and never their values', async () => {
    const { id } = (await scim('POST', '/Users', person)).json
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'replace', path: 'name.givenName', value: 'Samantha' },
        { op: 'replace', path: 'active', value: false },
      ],
    })
    expect(patched.status).toBe(200)
    // The whole person again: the given name back to Sam, and a password.
    const replaced = await scim('PUT', `/Users/${id}`, {
      ...person,
      password: 'a pushed password 1',
      active: false,
    })
    expect(replaced.status).toBe(200)
    // Nothing changed: no record.
    expect((await scim('PUT', `/Users/${id}`, { ...person, active: false })).status).toBe(200)
    let entries: Array<{ actor: unknown; subject: unknown; details: { fields?: string[] } }> = []
    await expect
      .poll(async () => {
        const page = await admin('GET', '/api/admin/audit?kind=user.edited')
        entries = page.json().entries
        return entries.length
      })
      .toBe(2)
    expect(
      entries.map(({ actor, subject, details }) => ({ actor, subject, fields: details.fields?.sort() })),
    ).toEqual([
      {
        actor: { id: adminIdentity.userId, role: 'administrator' },
        subject: { userId: Number(id) },
        fields: ['firstName', 'password'],
      },
      {
        actor: { id: adminIdentity.userId, role: 'administrator' },
        subject: { userId: Number(id) },
        fields: ['active', 'firstName'],
      },
    ])
    expect(JSON.stringify(entries)).not.toMatch(/Samantha|a pushed password/)
  })
})

describe('SCIM answers', () => {
  it('refuse a stale If-Match with 412 and accept the current version', async () => {
    const { id, meta } = (await scim('POST', '/Users', person)).json
    const first = await scim(
      'PATCH',
      `/Users/${id}`,
      { Operations: [{ op: 'replace', path: 'displayName', value: 'Sam R.' }] },
      { 'if-match': meta.version },
    )
    expect(first.status).toBe(200)
    expect(first.json.meta.version).not.toBe(meta.version)
    const stale = await scim(
      'PATCH',
      `/Users/${id}`,
      { Operations: [{ op: 'replace', path: 'displayName', value: 'Lost update' }] },
      { 'if-match': meta.version },
    )
    expectScimError(stale, 412)
    expectScimError(await scim('PUT', `/Users/${id}`, person, { 'if-match': meta.version }), 412)
    expectScimError(await scim('DELETE', `/Users/${id}`, undefined, { 'if-match': meta.version }), 412)
    expect((await scim('GET', `/Users/${id}`)).json.displayName).toBe('Sam R.')
    const current = await scim('PUT', `/Users/${id}`, person, { 'if-match': first.json.meta.version })
    expect(current.status).toBe(200)
  })

  it('name what is wrong with a request in SCIM’s terms', async () => {
    const find = (filter: string) => scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)
    expectScimError(await find('userName sw "sam"'), 400, 'invalidFilter')
    expectScimError(await find('title eq "Boss"'), 400, 'invalidFilter')
    expectScimError(await scim('POST', '/Users', { ...person, userName: 42 }), 400, 'invalidValue')
    expectScimError(
      await scim('POST', '/Users', { ...person, userName: 'not-an-address', emails: [] }),
      400,
      'invalidValue',
    )
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { ...as(null), authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName": ',
    })
    expectScimError(
      { status: malformed.statusCode, headers: malformed.headers, json: malformed.json() },
      400,
      'invalidSyntax',
    )
    const { id } = (await scim('POST', '/Users', person)).json
    expectScimError(
      await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'move', path: 'active' }] }),
      400,
      'invalidSyntax',
    )
    expectScimError(await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'remove' }] }), 400, 'noTarget')
    expectScimError(
      await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'a..b' }] }),
      400,
      'invalidPath',
    )
    expectScimError(
      await scim('PATCH', `/Users/${id}`, {
        Operations: [{ op: 'replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    )
    expectScimError(await scim('GET', '/Users/999999'), 404)
    expectScimError(await scim('GET', '/Users/not-a-number'), 404)
    const taken = await scim('PATCH', `/Users/${id}`, {
      Operations: [{ op: 'replace', path: 'userName', value: 'admin@example.com' }],
    })
    expectScimError(taken, 409, 'uniqueness')
  })

  it('leave guests alone: invitations made them, not the HR system', async () => {
    const users = await import('../../src/repositories/users-repository.ts')
    const repository = await users.createUsersRepository(context.dependencies.store, context.dependencies.kv)
    const made = await repository.create({
      username: 'guest@example.com',
      email: 'guest@example.com',
      firstName: 'Gus',
      lastName: 'Guest',
      name: 'Gus Guest',
      role: 'guest_standard',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA',
      mustChangePassword: false,
      emailConfirmed: true,
    })
    expectScimError(await scim('GET', `/Users/${made.id}`), 404)
    const listed = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "guest@example.com"')}`)
    expect(listed.json.totalResults).toBe(0)
    expectScimError(
      await scim('POST', '/Users', { ...person, userName: 'guest@example.com', emails: [] }),
      409,
      'uniqueness',
    )
  })

  it('describe the provider: ServiceProviderConfig, ResourceTypes and Schemas (RFC 7643 sections 5 to 7)', async () => {
    const config = await scim('GET', '/ServiceProviderConfig')
    expect(config.status).toBe(200)
    expect(String(config.headers['content-type'])).toMatch(/^application\/scim\+json/)
    expect(config.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    })
    const types = await scim('GET', '/ResourceTypes')
    expect(types.json).toMatchObject({
      totalResults: 1,
      Resources: [{ id: 'User', endpoint: '/Users', schema: 'urn:ietf:params:scim:schemas:core:2.0:User' }],
    })
    const schemas = await scim('GET', '/Schemas')
    const attributes = schemas.json.Resources[0].attributes.map(
      (attribute: { name: string }) => attribute.name,
    )
    expect(attributes).toEqual([
      'userName',
      'externalId',
      'name',
      'displayName',
      'emails',
      'active',
      'password',
    ])
  })
})

afterEach(() => {
  token = ''
})
