import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { USERS_UPDATED } from '@app/contracts/events'
import { buildApp as buildGateway } from '@app/gateway/app'
import { gatewayEnvSchema, SERVICES } from '@app/gateway/config'
import type { EventEnvelope } from '@app/kit/bus/port'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { createEmbeddedDependencies, serviceHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildApp as buildAuth } from '../src/app.ts'
import { ADMIN } from './support/auth-app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

/**
 * The gateway in front of a real auth service listening on loopback, as in the all-in-one mode: an
 * administrator's edit must end the edited user's sessions on their very next request (docs/security.md 7).
 */
const context = {} as {
  auth: FastifyInstance
  gateway: FastifyInstance
  dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
}
beforeEach(async () => {
  context.dependencies = await createEmbeddedDependencies('auth')
  context.auth = await buildAuth({
    ...context.dependencies,
    announce: () => undefined,
    mailer: { send: async () => undefined },
    config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
  })
  const authUrl = await context.auth.listen({ port: 0, host: '127.0.0.1' })
  context.gateway = await buildGateway({
    config: gatewayEnvSchema.parse({
      SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
      PUBLIC_URL: 'http://localhost:8080',
      ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, authUrl])),
    }),
    kv: createMemoryKeyValueStore(),
  })
})
afterEach(async () => {
  await context.gateway.close()
  await context.auth.close()
  await context.dependencies.close()
})

async function signIn(username: string, password: string): Promise<string> {
  const response = await context.gateway.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  })
  expect(response.statusCode, response.body).toBe(200)
  const cookie = response.cookies.find((candidate) => candidate.name === 'session')
  return `session=${cookie!.value}`
}

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  context.gateway.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

describe('an administrator’s edit, through the gateway', () => {
  it("ends the edited user's sessions at once and announces the change; the administrator's stays", async () => {
    const updates: EventEnvelope[] = []
    await context.dependencies.bus.subscribe(USERS_UPDATED, async (event) => void updates.push(event), {
      group: 'test',
    })
    const admin = await signIn(ADMIN.email, ADMIN.password)
    const registered = await call(admin, 'POST', '/api/auth/register', {
      username: 'eve@example.com',
      email: 'eve@example.com',
      password: 'first pass 1',
      firstName: 'Eve',
      lastName: 'Ng',
      role: 'standard',
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const { id } = registered.json()

    // An e-mail edit, with the body the spec's page sends.
    const first = await signIn('eve@example.com', 'first pass 1')
    expect((await call(first, 'GET', '/api/auth/me')).statusCode).toBe(200)
    const edited = await call(admin, 'PUT', `/api/admin/user/${id}`, {
      email: 'eve.ng@example.com',
      username: 'eve.ng@example.com',
      password: '',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.headers['x-session-revoke-user']).toBeUndefined() // the gateway's business, never the client's
    expect((await call(first, 'GET', '/api/auth/me')).statusCode).toBe(401)
    await expect
      .poll(() => updates.map((event) => event.data))
      .toEqual([expect.objectContaining({ id, email: 'eve.ng@example.com', username: 'eve.ng@example.com' })])

    // A password edit alone ends the sessions too.
    const second = await signIn('eve.ng@example.com', 'first pass 1')
    expect((await call(second, 'GET', '/api/auth/me')).statusCode).toBe(200)
    expect(
      (await call(admin, 'PUT', `/api/admin/user/${id}`, { password: 'second pass 2' })).statusCode,
    ).toBe(200)
    expect((await call(second, 'GET', '/api/auth/me')).statusCode).toBe(401)

    expect((await call(admin, 'GET', '/api/auth/me')).statusCode).toBe(200)
    expect((await call(admin, 'GET', `/api/admin/user/${id}`)).json()).toMatchObject({
      mustChangePassword: true,
    })
  })

  it("leaves a guest's account and sessions alone when the edit is refused", async () => {
    const created = await context.auth.inject({
      method: 'POST',
      url: '/internal/users/find-or-create-guest',
      headers: serviceHeaders('sharing', 'auth'),
      payload: {
        email: 'gus@example.com',
        name: 'Gus Guest',
        role: 'guest_owner',
        password: 'chosen pass 1',
        invitedBy: { name: 'Olive Owner', email: 'olive@example.com' },
      },
    })
    const { id } = created.json().user
    const admin = await signIn(ADMIN.email, ADMIN.password)
    const guestSession = await signIn('gus@example.com', 'chosen pass 1')
    const refused = await call(admin, 'PUT', `/api/admin/user/${id}`, { password: 'taken over 1' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('AUTH_GUEST_CREDENTIALS_LOCKED')
    expect((await call(guestSession, 'GET', '/api/auth/me')).statusCode).toBe(200)
    expect((await call(admin, 'GET', `/api/admin/user/${id}`)).json()).toMatchObject({
      email: 'gus@example.com',
      defaultPassword: null,
    })
  })
})
