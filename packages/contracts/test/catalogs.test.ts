import { describe, expect, it } from 'vitest'
import { api, apiRoutes } from '../src/api.ts'
import { accountDeletionRoutes } from '../src/api/account-deletion-routes.ts'
import { accountRoutes } from '../src/api/account-routes.ts'
import { adviceRoutes } from '../src/api/advice-routes.ts'
import { authRoutes } from '../src/api/auth-routes.ts'
import { gatewayRoutes } from '../src/api/gateway-routes.ts'
import { importRoutes } from '../src/api/imports-routes.ts'
import { oidcRoutes } from '../src/api/oidc-routes.ts'
import { profileRoutes } from '../src/api/profiles-routes.ts'
import { questionRoutes } from '../src/api/questions-routes.ts'
import { scimRoutes } from '../src/api/scim-routes.ts'
import { scimTokenRoutes } from '../src/api/scim-token-routes.ts'
import { sharingRoutes } from '../src/api/sharing-routes.ts'
import { teamRoutes } from '../src/api/teams-routes.ts'
import { auditRoutes } from '../src/api/audit-routes.ts'
import { internalApi, internalCalls, internalRoutes } from '../src/internal.ts'
import { SERVICES } from '../src/services.ts'

const areas = [
  gatewayRoutes,
  authRoutes,
  profileRoutes,
  questionRoutes,
  adviceRoutes,
  sharingRoutes,
  importRoutes,
  teamRoutes,
  accountDeletionRoutes,
  auditRoutes,
  accountRoutes,
  oidcRoutes,
  scimTokenRoutes,
  scimRoutes,
]

describe('the public catalog, kept by area', () => {
  it('holds every row of every area once, under its own name, and no two rows share a method and path', () => {
    const names = areas.flatMap((area) => Object.keys(area))
    expect(new Set(names).size).toBe(names.length)
    expect(Object.keys(api).sort()).toEqual([...names].sort())
    for (const area of areas)
      for (const [name, row] of Object.entries(area)) expect(api[name as keyof typeof api]).toBe(row)
    const routes = apiRoutes.map((route) => `${route.method} ${route.path}`)
    expect(new Set(routes).size).toBe(routes.length)
    // SCIM lives where RFC 7644 names it; everything else under /api.
    for (const route of apiRoutes)
      expect(route.path).toMatch(route.access === 'scim' ? /^\/scim\/v2\// : /^\/api\//)
  })
})

describe('the internal catalog', () => {
  it('has routes under /internal/ only, each called by other services, no two alike', () => {
    const routes = internalRoutes.map((route) => `${route.service} ${route.method} ${route.path}`)
    expect(new Set(routes).size).toBe(routes.length)
    for (const route of internalRoutes) {
      expect(route.path).toMatch(/^\/internal\//)
      expect(route.callers.length, route.path).toBeGreaterThan(0)
      expect(route.callers, route.path).not.toContain(route.service)
      // Only a POST or PATCH needs saying: every other method is retried anyway.
      if (route.idempotent !== undefined) expect(['POST', 'PATCH']).toContain(route.method)
      if (route.method === 'GET') expect(route.body, route.path).toBeUndefined()
    }
  })

  it('gives the calls between services, caller → called, from its rows', () => {
    expect(internalCalls).toEqual({
      sharing: ['auth', 'profiles'],
      import: ['auth', 'profiles'],
      advice: ['profiles'],
    })
    // A caller that drops its last row of a service loses the edge: nothing is kept apart from the rows.
    for (const [caller, targets] of Object.entries(internalCalls))
      for (const target of targets!)
        expect(
          internalRoutes.some(
            (route) =>
              route.service === target && route.callers.includes(caller as (typeof SERVICES)[number]),
          ),
        ).toBe(true)
    expect(internalApi.importAssessments.idempotent).toBe(true)
    expect(internalApi.userContact.params.parse({ id: '12' })).toEqual({ id: 12 })
  })
})
