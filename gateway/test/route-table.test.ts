import { describe, expect, it } from 'vitest'
import { apiRoutes } from '@app/contracts/api'
import { routeTable } from '../src/route-table.ts'

describe('the per-address limits of the route table', () => {
  it("are the catalog rows' own: the routes that take or mail a credential, and no other", () => {
    const limited = routeTable
      .filter((rule) => rule.perAddressLimit !== undefined)
      .map((rule) => `${rule.perAddressLimit}: ${rule.method} ${rule.path}`)
    expect(limited.sort()).toEqual([
      // A provider's sign-in hands over a credential too: its start and its callback (decision 062).
      'credentials: GET /api/auth/oidc/:provider/callback',
      'credentials: GET /api/auth/oidc/:provider/start',
      'credentials: GET /api/auth/reset-password/:token',
      // It mails a single-use link that confirms an account's deletion (docs/decisions/066-deletion-link.md).
      'credentials: POST /api/account/deletion-link',
      'credentials: POST /api/auth/forgot-password',
      'credentials: POST /api/auth/login',
      'credentials: POST /api/auth/reset-password',
    ])
    for (const route of apiRoutes) {
      const rule = routeTable.find((row) => row.method === route.method && row.path === route.path)
      expect(rule?.perAddressLimit, `${route.method} ${route.path}`).toBe(route.perAddressLimit)
    }
  })
})
