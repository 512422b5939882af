import { describe, expect, it } from 'vitest'
import { AUDIT_TOPICS, type AuditEntry, type AuditPage } from '@app/contracts/audit'
import { createEvent } from '@app/kit/bus/port'
import { InvalidEventError } from '@app/kit/bus/delivery'
import type { Identity } from '@app/kit/identity'
import { identityHeaders, serviceHeaders } from '@app/kit/testing/service-dependencies'
import { testConfig } from '@app/kit/testing/config'
import { buildApp } from '../src/app.ts'
import { auditRecordHandler, pruneAuditRecords } from '../src/audit/audit-log.ts'
import { authEnvSchema } from '../src/config.ts'
import { createAuditRepository } from '../src/repositories/audit-repository.ts'
import { ADMIN, adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const ADDRESS = '203.0.113.7'
const REQUEST_ID = 'audit-req-01'
/** As the gateway passes them on: the client's address and the request's id. */
const fromGateway = (identity: Identity | null, requestId = REQUEST_ID) => ({
  ...as(identity),
  'x-forwarded-for': ADDRESS,
  'x-request-id': requestId,
})

async function auditPage(query = '', identity: Identity = adminIdentity): Promise<AuditPage> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: as(identity),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** The records of `kind`, once the consumer has stored `count` of them. */
async function recorded(kind: AuditEntry['kind'], count = 1): Promise<AuditEntry[]> {
  await expect.poll(async () => (await auditPage(`?kind=${kind}`)).total).toBe(count)
  return (await auditPage(`?kind=${kind}`)).entries
}

async function register(username: string, password: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username, password, email: username, firstName: 'Jo', lastName: 'Park', role: 'standard' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}

const login = (username: string, password: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: fromGateway(null),
    payload: { username, password },
  })

describe('the audit log in auth', () => {
  it('records sign-ins that failed and succeeded with the address and request id, and never the password', async () => {
    expect((await login('nobody@example.com', 'guessed password 1')).statusCode).toBe(401)
    expect((await login(ADMIN.email, 'wrong password 1')).statusCode).toBe(401)
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)

    const failed = await recorded('sign-in.failed', 2)
    expect(failed.map((entry) => entry.actor)).toEqual(
      expect.arrayContaining([null, { id: 1, role: 'administrator' }]),
    )
    const [succeeded] = await recorded('sign-in.succeeded')
    expect(succeeded).toMatchObject({
      actor: { id: 1, role: 'administrator' },
      subject: { userId: 1 },
      address: ADDRESS,
      requestId: REQUEST_ID,
    })
    const text = JSON.stringify(await auditPage())
    for (const secret of ['guessed password 1', 'wrong password 1', ADMIN.password, 'nobody@example.com'])
      expect(text).not.toContain(secret)
  })

  it('records a sign-in the throttle refused, once per address and window, with its address', async () => {
    const loginFrom = (address: string, password: string, requestId: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...as(null), 'x-forwarded-for': address, 'x-request-id': requestId },
        payload: { username: ADMIN.email, password },
      })
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await loginFrom('203.0.113.9', `guess ${attempt}`, `guess-req-0${attempt}`)).statusCode).toBe(
        401,
      )
    // A flood past the limit of one address: refused every time, recorded once.
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const requestId = `flood-req-${String(attempt).padStart(2, '0')}`
      expect((await loginFrom('203.0.113.9', 'flood guess', requestId)).statusCode).toBe(429)
    }
    const records = await recorded('sign-in.failed', 11)
    const throttled = records.filter((entry) => entry.details.throttled)
    expect(throttled).toEqual([
      expect.objectContaining({
        actor: { id: 1, role: 'administrator' },
        subject: { userId: 1 },
        details: { throttled: true },
        address: '203.0.113.9',
        requestId: 'flood-req-00',
      }),
    ])

    // Past the account's free failures, unknown addresses wait for the account-wide delay: its first refusal
    // of each delay is recorded, never more refusals than the attempts the delay let through.
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect(
        (await loginFrom(`198.51.100.${attempt + 1}`, 'spread guess', `spread-req-${attempt}`)).statusCode,
      ).toBe(401)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 20; attempt += 1)
      statuses.push(
        (await loginFrom(`192.0.2.${attempt + 1}`, 'gated guess', `gated-req-0${attempt % 10}`)).statusCode,
      )
    const admitted = statuses.filter((status) => status === 401).length
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(10)
    await expect
      .poll(async () => (await auditPage('?kind=sign-in.failed&pageSize=200')).total)
      .toBeGreaterThan(20 + 1 + admitted)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const gated = (await auditPage('?kind=sign-in.failed&pageSize=200')).entries.filter(
      (entry) => entry.details.throttled && entry.address.startsWith('192.0.2.'),
    )
    expect(gated.length).toBeGreaterThanOrEqual(1)
    expect(gated.length).toBeLessThanOrEqual(admitted)
    const text = JSON.stringify(await auditPage('?pageSize=200'))
    for (const guess of ['flood guess', 'spread guess', 'gated guess']) expect(text).not.toContain(guess)
  })

  it('records a password change and a reset by the account, without the passwords or the link', async () => {
    const userId = await register('jo@example.com', 'first password 1')
    const jo: Identity = { userId, role: 'standard', username: 'jo@example.com', mustChangePassword: true }
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: fromGateway(jo),
      payload: { currentPassword: 'first password 1', newPassword: 'second password 2' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const [change] = await recorded('password.changed')
    expect(change).toMatchObject({ actor: { id: userId, role: 'standard' }, subject: { userId } })

    await context.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: fromGateway(null),
      payload: { email: 'jo@example.com' },
    })
    await expect
      .poll(() => context.sent.some((mail) => mail.text.includes('reset-password?token=')))
      .toBe(true)
    const link = /http:\/\/disc\.test\/reset-password\?token=([\w-]+)/.exec(context.sent.at(-1)!.text)!
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: fromGateway(null, 'audit-req-02'),
      payload: { token: link[1], newPassword: 'third password 3' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    const [resetRecord] = await recorded('password.reset')
    expect(resetRecord).toMatchObject({
      actor: { id: userId },
      subject: { userId },
      requestId: 'audit-req-02',
    })

    const text = JSON.stringify(await auditPage())
    for (const secret of ['first password 1', 'second password 2', 'third password 3', link[1]!, link[0]])
      expect(text).not.toContain(secret)
  })

  it("records an administrator's edit by the names of the fields changed, never their values", async () => {
    const userId = await register('kim@example.com', 'first password 1')
    const edited = await context.app.inject({
      method: 'PUT',
      url: `/api/admin/user/${userId}`,
      headers: fromGateway(adminIdentity),
      payload: { email: 'kim.new@example.com', password: 'admin set password 9' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const [edit] = await recorded('user.edited')
    expect(edit).toMatchObject({
      actor: { id: 1, role: 'administrator' },
      subject: { userId },
      details: { fields: ['email', 'username', 'password'] },
      address: ADDRESS,
    })
    const text = JSON.stringify(await auditPage())
    expect(text).not.toContain('admin set password 9')
    expect(text).not.toContain('kim.new@example.com')
  })

  it('records a role change when an administrator takes over an unconfirmed guest account', async () => {
    const guest = await context.app.inject({
      method: 'POST',
      url: '/internal/users/find-or-create-guest',
      headers: serviceHeaders('sharing', 'auth'),
      payload: {
        email: 'carla@example.com',
        name: 'Carla Ceo',
        role: 'guest_owner',
        password: 'squatter pass 1',
        invitedBy: { name: 'Sam Squatter', email: 'sam@example.com' },
      },
    })
    const guestId = guest.json().user.id as number
    const taken = await context.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: fromGateway(adminIdentity),
      payload: {
        username: 'carla@example.com',
        password: 'admin set password 9',
        email: 'carla@example.com',
      },
    })
    expect(taken.json()).toMatchObject({ id: guestId, tookOverGuestAccount: true })
    const [change] = await recorded('role.changed')
    expect(change).toMatchObject({
      actor: { id: 1, role: 'administrator' },
      subject: { userId: guestId },
      details: { fromRole: 'guest_owner', toRole: 'standard' },
    })
  })

  it('records an export and the deletions by the person and by an administrator, with ids only', async () => {
    const leaving = await register('lee@example.com', 'lee password 11')
    const removed = await register('max@example.com', 'max password 11')
    const lee: Identity = {
      userId: leaving,
      role: 'standard',
      username: 'lee@example.com',
      mustChangePassword: false,
    }
    const exported = await context.app.inject({
      method: 'GET',
      url: '/internal/account/export',
      headers: { ...identityHeaders('auth', lee), 'x-request-id': 'audit-req-02' },
    })
    expect(exported.statusCode, exported.body).toBe(200)
    const [exportRecord] = await recorded('account.exported')
    expect(exportRecord).toMatchObject({
      actor: { id: leaving, role: 'standard' },
      subject: { userId: leaving },
      requestId: 'audit-req-02',
    })

    const own = await context.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: fromGateway(lee),
      payload: { password: 'lee password 11' },
    })
    expect(own.statusCode, own.body).toBe(200)
    const byAdministrator = await context.app.inject({
      method: 'DELETE',
      url: `/api/admin/user/${removed}`,
      headers: fromGateway(adminIdentity),
    })
    expect(byAdministrator.statusCode, byAdministrator.body).toBe(200)
    const deletions = await recorded('account.deleted', 2)
    expect(deletions.map(({ actor, subject, address }) => ({ actor, subject, address }))).toEqual(
      expect.arrayContaining([
        { actor: { id: leaving, role: 'standard' }, subject: { userId: leaving }, address: ADDRESS },
        { actor: { id: 1, role: 'administrator' }, subject: { userId: removed }, address: ADDRESS },
      ]),
    )
    const text = JSON.stringify(await auditPage())
    for (const personal of ['lee@example.com', 'max@example.com', 'lee password 11'])
      expect(text).not.toContain(personal)
  })

  it('filters by person, kind and time, pages newest first, and refuses a standard user', async () => {
    const userId = await register('lee@example.com', 'first password 1')
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
    expect((await login('lee@example.com', 'first password 1')).statusCode).toBe(200)
    await recorded('sign-in.succeeded', 2)
    const lee = await auditPage(`?person=${userId}`)
    expect(lee.entries.map((entry) => entry.actor?.id)).toEqual([userId])
    const paged = await auditPage('?kind=sign-in.succeeded&pageSize=1&page=2')
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(paged.entries[0]!.actor?.id).toBe(1)
    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await auditPage(`?from=${encodeURIComponent(future)}`)).total).toBe(0)
    expect((await auditPage(`?to=${encodeURIComponent(future)}`)).total).toBe(2)

    const standard: Identity = {
      userId,
      role: 'standard',
      username: 'lee@example.com',
      mustChangePassword: false,
    }
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      const refused = await context.app.inject({ method: 'GET', url, headers: as(standard) })
      expect(refused.statusCode).toBe(403)
    }
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/admin/audit?kind=anything&person[$ne]=1',
      headers: as(adminIdentity),
    })
    expect(bad.statusCode).toBe(400)
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const edit = await context.app.inject({ method, url: '/api/admin/audit', headers: as(adminIdentity) })
      expect(edit.statusCode).toBe(404)
    }
  })

  it('downloads the records as CSV whose cells a spreadsheet never runs as formulas', async () => {
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: fromGateway(null, '-2-cmd-calc1'),
          payload: { username: ADMIN.email, password: ADMIN.password },
        })
      ).statusCode,
    ).toBe(200)
    await recorded('sign-in.succeeded')
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/audit.csv?kind=sign-in.succeeded',
      headers: as(adminIdentity),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-[\d-]+\.csv"$/)
    const [header, row] = response.body.trimEnd().split('\r\n')
    expect(header).toBe(
      'at,kind,actorId,actorRole,userId,profileOwnerId,invitationId,details,address,requestId',
    )
    expect(row).toMatch(/^\d{4}-.+Z,sign-in\.succeeded,1,administrator,1,,,,203\.0\.113\.7,'-2-cmd-calc1$/)
  })

  it('stores an event delivered twice once, and refuses a kind its publisher does not record', async () => {
    const repository = await createAuditRepository(context.dependencies.store)
    const record = {
      at: new Date().toISOString(),
      actor: { id: 1, role: 'administrator' as const },
      kind: 'invitation.created' as const,
      subject: { invitationId: 4 },
      details: {},
      address: ADDRESS,
      requestId: REQUEST_ID,
    }
    const event = createEvent(AUDIT_TOPICS.sharing, record)
    await auditRecordHandler(repository, 'sharing')(event)
    await auditRecordHandler(repository, 'sharing')(event)
    expect((await auditPage('?kind=invitation.created')).total).toBe(1)
    // Import may not say an invitation was created, nor may anyone smuggle a field in.
    await expect(
      auditRecordHandler(repository, 'import')(createEvent(AUDIT_TOPICS.import, record)),
    ).rejects.toThrow(InvalidEventError)
    const smuggled = { ...record, details: { password: 'leaked 1' } }
    await expect(
      auditRecordHandler(repository, 'sharing')(createEvent(AUDIT_TOPICS.sharing, smuggled)),
    ).rejects.toThrow(InvalidEventError)
    expect((await auditPage()).entries.some((entry) => entry.kind === 'invitation.created')).toBe(true)
  })

  it('prunes records older than AUDIT_RETENTION_DAYS, at start and on schedule', async () => {
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
    await recorded('sign-in.succeeded')
    const repository = await createAuditRepository(context.dependencies.store)
    const day = 24 * 60 * 60_000
    expect(await pruneAuditRecords(repository, 365, Date.now() + 364 * day)).toBe(0)
    expect((await auditPage()).total).toBeGreaterThan(0)

    // A later start with a 30-day retention, 31 days on: the records are gone.
    const later = await buildApp({
      ...context.dependencies,
      announce: () => undefined,
      now: () => Date.now() + 31 * day,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUDIT_RETENTION_DAYS: 30,
      }),
    })
    await later.ready()
    await expect.poll(async () => (await auditPage()).total).toBe(0)
    await later.close()
  })
})
