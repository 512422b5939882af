import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileValue } from '@app/kit/testing/hostile-values'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const routes = [
  { url: '/api/auth/login', fields: ['username', 'password'] },
  { url: '/api/auth/forgot-password', fields: ['email'] },
  { url: '/api/auth/reset-password', fields: ['token', 'newPassword'] },
  { url: '/api/auth/change-password', fields: ['currentPassword', 'newPassword'] },
  { url: '/api/auth/register', fields: ['username', 'password', 'email', 'role', 'firstName'] },
]

describe('fuzzed request bodies', () => {
  for (const route of routes) {
    it(`POST ${route.url} never fails with a 5xx and pollutes no prototype`, async () => {
      const body = fc.oneof(
        hostileValue,
        fc.record(Object.fromEntries(route.fields.map((field) => [field, hostileValue]))),
      )
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const raw = JSON.stringify(payload) ?? 'null'
          const withProto = raw.startsWith('{') ? raw.replace('{', '{"__proto__":{"polluted":1},') : raw
          const response = await context.app.inject({
            method: 'POST',
            url: route.url,
            headers: { ...as(adminIdentity), 'content-type': 'application/json' },
            payload: withProto,
          })
          expect(response.statusCode).toBeLessThan(500)
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        }),
        { numRuns: 60 },
      )
    })
  }
})
