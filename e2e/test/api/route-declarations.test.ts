import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes } from '@app/contracts/api'
import { internalRoutes } from '@app/contracts/internal'
import { buildApp as buildAdvice } from '@app/advice/app'
import { buildApp as buildAuth } from '@app/auth/app'
import { buildApp as buildImport } from '@app/import/app'
import { buildApp as buildProfiles } from '@app/profiles/app'
import { buildApp as buildQuestions } from '@app/questions/app'
import { buildApp as buildSharing } from '@app/sharing/app'
import type { RouteDeclaration, ServiceDependencies } from '@app/kit/service'
import { INTERNAL_CALLS, SERVICES, type ServiceName } from '@app/kit/services'
import { createEmbeddedDependencies, testServiceClient } from '@app/kit/testing/service-dependencies'
import { testConfig } from '@app/kit/testing/config'
import { adviceEnvSchema } from '@app/advice/config'
import { authEnvSchema } from '@app/auth/config'
import { importEnvSchema } from '@app/import/config'
import { sharingEnvSchema } from '@app/sharing/config'

// Nothing listens on the discard port: declaring routes calls no other service.
const unreachable = (caller: ServiceName, target: ServiceName) =>
  testServiceClient(caller, target, 'http://127.0.0.1:9')

const builders: Record<ServiceName, (dependencies: ServiceDependencies) => Promise<FastifyInstance>> = {
  auth: (dependencies) =>
    buildAuth({
      ...dependencies,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'a long admin password',
      }),
      announce: () => undefined,
      mailer: { send: async () => undefined },
    }),
  profiles: buildProfiles,
  sharing: (dependencies) =>
    buildSharing({
      ...dependencies,
      config: testConfig('sharing', sharingEnvSchema, {
        INVITATION_TOKEN_KEY: 'an invitation token key of at least 32 characters',
      }),
      clients: { auth: unreachable('sharing', 'auth'), profiles: unreachable('sharing', 'profiles') },
      mailer: { send: async () => undefined },
    }),
  questions: buildQuestions,
  import: (dependencies) =>
    buildImport({
      ...dependencies,
      config: testConfig('import', importEnvSchema),
      clients: { auth: unreachable('import', 'auth'), profiles: unreachable('import', 'profiles') },
    }),
  advice: (dependencies) =>
    buildAdvice({
      ...dependencies,
      config: testConfig('advice', adviceEnvSchema),
      clients: { profiles: unreachable('advice', 'profiles') },
    }),
}

const declared = {} as Record<ServiceName, RouteDeclaration[]>
const closers: Array<() => Promise<void>> = []
beforeAll(async () => {
  for (const name of SERVICES) {
    const dependencies = await createEmbeddedDependencies(name)
    const app = await builders[name](dependencies)
    await app.ready()
    declared[name] = app.routeDeclarations
    closers.push(async () => {
      await app.close()
      await dependencies.close()
    })
  }
})
afterAll(async () => {
  for (const close of closers) await close()
})

describe('every route of every service', () => {
  it('says who may call it: the same as the API catalog the gateway enforces, or the services of an internal call', () => {
    for (const name of SERVICES) {
      for (const route of declared[name]) {
        const where = `${name}: ${route.method} ${route.url}`
        if (route.url === '/health') {
          expect(route.access, where).toBe('no-token')
        } else if (route.url.startsWith('/internal/')) {
          const callers = (route.access as { services: Array<ServiceName | 'gateway'> }).services
          expect(callers.length, where).toBeGreaterThan(0)
          const row = internalRoutes.find(
            (entry) => entry.method === route.method && entry.path === route.url,
          )
          expect(row, `${where} is missing from packages/contracts/src/internal.ts`).toBeDefined()
          expect(row!.service, where).toBe(name)
          expect(callers, where).toEqual(row!.callers)
          // Only pairs of INTERNAL_CALLS, each one a NetworkPolicy edge; the gateway, which reaches every
          // service anyway, for a user's own data (decision 060) and a provider's sign-in (decision 062).
          for (const caller of callers)
            if (caller === 'gateway')
              expect(route.url, where).toMatch(/^\/internal\/(account\/export\b|users\/oidc-account$)/)
            else expect(INTERNAL_CALLS[caller as keyof typeof INTERNAL_CALLS] ?? [], where).toContain(name)
        } else {
          const entry = apiRoutes.find((api) => api.method === route.method && api.path === route.url)
          expect(entry, `${where} is missing from packages/contracts/src/api.ts`).toBeDefined()
          expect(entry!.target, where).toBe(name)
          expect(route.access, where).toEqual(entry!.access)
          expect(route.duringPasswordChange, where).toBe(Boolean(entry!.duringPasswordChange))
        }
      }
    }
  })

  it('answers every row of the internal catalog, and INTERNAL_CALLS has exactly the pairs of its rows', () => {
    for (const row of internalRoutes) {
      expect(
        declared[row.service].some((route) => route.method === row.method && route.url === row.path),
        `${row.method} ${row.path} has no route in ${row.service}`,
      ).toBe(true)
    }
    const pairs = (calls: Partial<Record<string, readonly string[]>>) =>
      Object.entries(calls).flatMap(([caller, targets]) =>
        (targets ?? []).map((target) => `${caller} → ${target}`),
      )
    // The gateway → service edges are every service's already, not INTERNAL_CALLS (decision 060).
    const rowPairs = new Set(
      internalRoutes.flatMap((row) =>
        row.callers.filter((caller) => caller !== 'gateway').map((caller) => `${caller} → ${row.service}`),
      ),
    )
    expect(pairs(INTERNAL_CALLS).sort()).toEqual([...rowPairs].sort())
    expect(pairs(INTERNAL_CALLS).length).toBeGreaterThan(0)
  })

  it('answers every route of the catalog that the gateway proxies to it', () => {
    for (const entry of apiRoutes.filter((api) => api.target !== 'gateway')) {
      const service = entry.target as ServiceName
      expect(
        declared[service].some((route) => route.method === entry.method && route.url === entry.path),
        `${entry.method} ${entry.path} has no route in ${service}`,
      ).toBe(true)
    }
  })
})
