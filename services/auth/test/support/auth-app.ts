import { afterEach, beforeEach } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { decodeLoginHeader } from '@app/kit/session-headers'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import type { z } from 'zod'
import { testConfig } from '@app/kit/testing/config'
import { buildApp, type AuthOptions } from '../../src/app.ts'
import { authEnvSchema } from '../../src/config.ts'
import type { Mailer } from '@app/kit/mailer'

export const ADMIN = { email: 'admin@example.com', password: 'admin password 1' }

/** A fresh auth service on embedded stores for each test, with the first administrator in place. */
export function useAuthService(
  overrides: Partial<Omit<AuthOptions, 'config'>> & { config?: Partial<z.input<typeof authEnvSchema>> } = {},
) {
  const context = {} as {
    app: Awaited<ReturnType<typeof buildApp>>
    dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
    sent: Array<{ to: string; subject: string; text: string }>
  }
  beforeEach(async () => {
    context.dependencies = await createEmbeddedDependencies('auth')
    context.sent = []
    const mailer: Mailer = { send: async (email) => void context.sent.push(email) }
    context.app = await buildApp({
      ...context.dependencies,
      mailer,
      announce: () => undefined,
      ...overrides,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_URL: 'http://disc.test',
        ...overrides.config,
      }),
    })
  })
  afterEach(async () => {
    await context.app.close()
    await context.dependencies.close()
  })
  return Object.assign(context, {
    /** Signs in as a browser would, before the gateway knows an identity. */
    login: (username: string, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: as(null),
        payload: { username, password },
      }),
  })
}

export function as(identity: Identity | null) {
  return identityHeaders('auth', identity)
}

export const adminIdentity: Identity = {
  userId: 1,
  role: 'administrator',
  username: ADMIN.email,
  mustChangePassword: false,
}

export function loginHeaderOf(response: { headers: Record<string, unknown> }) {
  const header = response.headers['x-session-login']
  return typeof header === 'string' ? decodeLoginHeader(header) : null
}
