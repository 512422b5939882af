import { describe, expect, it } from 'vitest'
import type { AuditPage } from '@app/contracts/audit'
import { USERS_CREATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { ADMIN, adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const person = (changes: object = {}) => ({
  provider: 'acme',
  email: 'ada@example.com',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  administrator: false,
  ...changes,
})
// The gateway's own token, with no user: what its client sends after checking the provider's ID token.
const fromGateway = (payload: object) =>
  context.app.inject({ method: 'POST', url: '/internal/users/oidc-account', headers: as(null), payload })

const userById = async (id: number) =>
  (
    await context.app.inject({ method: 'GET', url: `/api/admin/user/${id}`, headers: as(adminIdentity) })
  ).json()

describe("POST /internal/users/oidc-account (gateway → auth, a provider's sign-in)", () => {
  it('creates the account just in time with the verified e-mail and names, and announces it', async () => {
    const events: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_CREATED, async (event) => void events.push(event), {
      group: 'test',
    })
    const response = await fromGateway(person())
    expect(response.statusCode, response.body).toBe(200)
    const { user, created } = response.json()
    expect(created).toBe(true)
    expect(user).toMatchObject({ role: 'standard', username: 'ada@example.com' })
    expect(await userById(user.id)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      mustChangePassword: false,
    })
    await expect
      .poll(() => events.filter((event) => (event.data as { id: number }).id === user.id).length)
      .toBe(1)
  })

  it('links the account of the same e-mail on every later sign-in, never a second one', async () => {
    const first = (await fromGateway(person())).json()
    const again = (await fromGateway(person({ email: 'ADA@Example.com', firstName: 'Someone' }))).json()
    expect(again).toEqual({ user: first.user, created: false })
    // The first administrator's address links to that account, which keeps its password and role.
    const admin = (await fromGateway(person({ email: ADMIN.email }))).json()
    expect(admin).toMatchObject({ created: false, user: { id: adminIdentity.userId, role: 'administrator' } })
    expect((await context.login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
  })

  it('records each sign-in, first and later, from the address and request the gateway passed on', async () => {
    const signIn = (email: string, requestId: string) =>
      context.app.inject({
        method: 'POST',
        url: '/internal/users/oidc-account',
        headers: { ...as(null), 'x-forwarded-for': '203.0.113.31', 'x-request-id': requestId },
        payload: person({ email }),
      })
    const created = (await signIn('ada@example.com', 'oidc-req-001')).json()
    const linked = (await signIn(ADMIN.email, 'oidc-req-002')).json()
    const read = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/admin/audit?kind=sign-in.succeeded',
          headers: as(adminIdentity),
        })
      ).json() as AuditPage
    await expect.poll(async () => (await read()).total).toBe(2)
    const records = (await read()).entries.map(({ actor, subject, address, requestId }) => ({
      actor,
      subject,
      address,
      requestId,
    }))
    expect(records).toEqual(
      expect.arrayContaining([
        {
          actor: { id: created.user.id, role: 'standard' },
          subject: { userId: created.user.id },
          address: '203.0.113.31',
          requestId: 'oidc-req-001',
        },
        {
          actor: { id: linked.user.id, role: 'administrator' },
          subject: { userId: linked.user.id },
          address: '203.0.113.31',
          requestId: 'oidc-req-002',
        },
      ]),
    )
  })

  it("gives the administrator role when the provider's claim says so, and never takes a role away", async () => {
    const created = (await fromGateway(person({ email: 'boss@example.com', administrator: true }))).json()
    expect(created.user.role).toBe('administrator')
    const member = (await fromGateway(person({ email: 'sam@example.com' }))).json()
    expect(member.user.role).toBe('standard')
    const raised = (await fromGateway(person({ email: 'sam@example.com', administrator: true }))).json()
    expect(raised.user).toMatchObject({ id: member.user.id, role: 'administrator' })
    const later = (await fromGateway(person({ email: 'sam@example.com', administrator: false }))).json()
    expect(later.user.role).toBe('administrator')
    // The raise is in the audit log, once: the later sign-ins changed no role.
    const changes = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/admin/audit?kind=role.changed',
          headers: as(adminIdentity),
        })
      ).json() as AuditPage
    await expect.poll(async () => (await changes()).total).toBe(1)
    expect((await changes()).entries[0]).toMatchObject({
      actor: { id: member.user.id, role: 'administrator' },
      subject: { userId: member.user.id },
      details: { fromRole: 'standard', toRole: 'administrator' },
    })
  })

  it('refuses an unverified e-mail, and any caller but the gateway', async () => {
    const unverified = await fromGateway(person({ emailVerified: false }))
    expect(unverified.statusCode).toBe(400)
    const bySharing = await context.app.inject({
      method: 'POST',
      url: '/internal/users/oidc-account',
      headers: serviceHeaders('sharing', 'auth'),
      payload: person(),
    })
    expect(bySharing.statusCode).toBe(403)
    const users = await context.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: as(adminIdentity),
    })
    expect(users.json().map((user: { email: string }) => user.email)).not.toContain('ada@example.com')
  })
})

describe('password sign-in for the domains a provider turned it off for', () => {
  const offContext = useAuthService({
    config: {
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'acme', emailDomains: ['Acme.example'], passwordLogin: false },
        { id: 'other', emailDomains: ['other.example'] },
      ]),
    },
  })

  it('is refused, by the typed address or by the account’s own, and stays for other domains', async () => {
    const typed = await offContext.login('ada@acme.example', 'any password 1')
    expect(typed.statusCode).toBe(403)
    expect(typed.json().code).toBe('AUTH_PASSWORD_SIGN_IN_OFF')
    expect(typed.headers['x-session-login']).toBeUndefined()

    const registered = await offContext.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as(adminIdentity),
      payload: {
        username: 'ada',
        email: 'ada@acme.example',
        password: 'initial pass 1',
        firstName: 'Ada',
        lastName: 'L',
        role: 'standard',
      },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    // The username is no address, but the account's own address is in the domain once the password is proven.
    const byAccount = await offContext.login('ada', 'initial pass 1')
    expect(byAccount.statusCode).toBe(403)
    expect(byAccount.headers['x-session-login']).toBeUndefined()
    // A wrong password is the usual refusal: the domain rule tells nothing about the account.
    expect((await offContext.login('ada', 'wrong pass 1')).statusCode).toBe(401)
    expect((await offContext.login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
  })
})
