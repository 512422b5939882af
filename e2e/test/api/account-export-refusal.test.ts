import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp as buildAuth } from '@app/auth/app'
import { authEnvSchema } from '@app/auth/config'
import { createUsersRepository } from '@app/auth/repositories/users-repository'
import { buildApp as buildGateway } from '@app/gateway/app'
import { gatewayEnvSchema, SERVICES } from '@app/gateway/config'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { testConfig } from '@app/kit/testing/config'
import { createEmbeddedDependencies, TEST_KEYS } from '@app/kit/testing/service-dependencies'

/**
 * An export of an account whose deletion has started (issue 29, decision 060) is refused through the
 * gateway with auth's clear message, as JSON, before any byte of an archive: the gateway asks auth first.
 */
const ADMIN = { email: 'chief@example.test', password: 'refusal test password' }
const PUBLIC_URL = 'http://localhost:8080'

let auth: Awaited<ReturnType<typeof buildAuth>>
let gateway: Awaited<ReturnType<typeof buildGateway>>
let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>

beforeAll(async () => {
  dependencies = await createEmbeddedDependencies('auth')
  auth = await buildAuth({
    ...dependencies,
    announce: () => undefined,
    mailer: { send: async () => undefined },
    config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
  })
  const authUrl = await auth.listen({ port: 0, host: '127.0.0.1' })
  // Only auth is running: the refusal must come before the gateway asks any other service.
  gateway = await buildGateway({
    kv: createMemoryKeyValueStore(),
    config: gatewayEnvSchema.parse({
      SESSION_SECRET: 'a session secret of thirty-two characters or more',
      GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
      PUBLIC_URL,
      ...Object.fromEntries(
        SERVICES.map((name) => [
          `${name.toUpperCase()}_SERVICE_URL`,
          name === 'auth' ? authUrl : 'http://127.0.0.1:9',
        ]),
      ),
    }),
  })
})

afterAll(async () => {
  await gateway?.close()
  await auth?.close()
  await dependencies?.close()
})

describe('GET /api/account/export while the account is being deleted', () => {
  it('answers 409 with the reason, as JSON, and no archive', async () => {
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL },
      payload: { username: ADMIN.email, password: ADMIN.password },
    })
    expect(login.statusCode, login.body).toBe(200)
    const cookie = login.cookies.find((candidate) => candidate.name === 'session')!.value
    const users = await createUsersRepository(dependencies.store, createMemoryKeyValueStore())
    const admin = await users.findByEmail(ADMIN.email)
    await users.update(admin!.id, { deletionStartedAt: new Date().toISOString() })

    const answer = await gateway.inject({
      method: 'GET',
      url: '/api/account/export',
      cookies: { session: cookie },
    })
    expect(answer.statusCode).toBe(409)
    expect(answer.headers['content-type']).toContain('application/json')
    expect(answer.headers['content-disposition']).toBeUndefined()
    expect(answer.json()).toEqual({
      code: 'AUTH_ACCOUNT_BEING_DELETED',
      message: 'This account is being deleted, so its data can no longer be downloaded',
    })
  })
})
