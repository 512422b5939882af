import { beforeAll, describe, expect, it } from 'vitest'
import { routeTable } from '@app/gateway/route-table'
import { useProduct } from '../../src/fixture.ts'
import { ApiSession } from '../../src/api.ts'

/**
 * docs/security.md 14: every API route × every kind of caller. 'allow' means the gateway lets the call through
 * (the service may still answer 400 or 404 for the sample input); a number is the status the caller gets.
 * A route in the gateway's table without a row here fails the suite.
 */
type Caller = 'anonymous' | 'guest_standard' | 'guest_owner' | 'standard' | 'administrator' | 'another_owner'
type Outcome = 'allow' | 401 | 403
const callers: Caller[] = [
  'anonymous',
  'guest_standard',
  'guest_owner',
  'standard',
  'administrator',
  'another_owner',
]

const everyone = {
  anonymous: 'allow',
  guest_standard: 'allow',
  guest_owner: 'allow',
  standard: 'allow',
  administrator: 'allow',
  another_owner: 'allow',
} as const
const signedIn = { ...everyone, anonymous: 401 } as const
const administratorsOnly = {
  anonymous: 401,
  guest_standard: 403,
  guest_owner: 403,
  standard: 403,
  administrator: 'allow',
  another_owner: 403,
} as const

const matrix: Record<string, { expect: Record<Caller, Outcome>; path?: string; body?: unknown }> = {
  'GET /api/health': { expect: everyone },
  'GET /api/docs': { expect: administratorsOnly },
  'GET /api/docs/openapi.json': { expect: administratorsOnly },
  'GET /api/config': { expect: signedIn },
  'GET /api/logos': { expect: everyone },
  'POST /api/auth/login': {
    expect: everyone,
    body: { username: 'nobody@example.test', password: 'wrong pass' },
  },
  'POST /api/auth/logout': { expect: signedIn },
  'GET /api/auth/me': { expect: signedIn },
  'POST /api/auth/change-password': {
    expect: signedIn,
    body: { currentPassword: 'not it', newPassword: 'whatever 1' },
  },
  'POST /api/auth/forgot-password': { expect: everyone, body: { email: 'nobody@example.test' } },
  'GET /api/auth/reset-password/:token': { expect: everyone, path: '/api/auth/reset-password/not-a-token' },
  'POST /api/auth/reset-password': {
    expect: everyone,
    body: { token: 'not-a-token', newPassword: 'whatever 1' },
  },
  'GET /api/auth/initial-password': { expect: signedIn },
  // The OpenID Connect sign-in (decision 062): no provider is configured here, so the gateway answers 404.
  'GET /api/auth/oidc/providers': { expect: everyone },
  'GET /api/auth/oidc/:provider/start': { expect: everyone, path: '/api/auth/oidc/nobody/start' },
  'GET /api/auth/oidc/:provider/callback': { expect: everyone, path: '/api/auth/oidc/nobody/callback' },
  'POST /api/auth/oidc/logout': { expect: everyone },
  'GET /api/admin/sign-in-providers': { expect: administratorsOnly },
  'POST /api/auth/confirm-email': { expect: everyone, body: { token: 'not-a-token' } },
  'POST /api/auth/register': { expect: administratorsOnly, body: { username: '', password: '', email: '' } },
  'GET /api/admin/users': { expect: administratorsOnly },
  'GET /api/admin/guest-users': { expect: administratorsOnly },
  'GET /api/admin/user/:id': { expect: administratorsOnly, path: '/api/admin/user/1' },
  'PUT /api/admin/user/:id': {
    expect: administratorsOnly,
    path: '/api/admin/user/999',
    body: { email: 'x@example.test' },
  },
  // A wrong password and an unknown account: the service's 400 and 404, so the matrix deletes nobody.
  'DELETE /api/account': { expect: signedIn, body: { password: 'not the password' } },
  'POST /api/account/deletion-link': { expect: signedIn },
  'GET /api/account/deletion-link/:token': {
    expect: signedIn,
    path: '/api/account/deletion-link/not-a-token',
  },
  'DELETE /api/admin/user/:id': { expect: administratorsOnly, path: '/api/admin/user/999999' },
  // Empty or invalid bodies: an administrator is let through and gets the import's own 400, nobody is created.
  'POST /api/simple-import': { expect: administratorsOnly, body: { csvText: '' } },
  'POST /api/admin/import-prevue': { expect: administratorsOnly, body: { csvText: '' } },
  'POST /api/admin/import/single': { expect: administratorsOnly, body: { firstName: '' } },
  'GET /api/admin/import/options': { expect: administratorsOnly },
  'GET /api/admin/imports': { expect: administratorsOnly },
  'GET /api/admin/imports/:id': {
    expect: administratorsOnly,
    path: '/api/admin/imports/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/assessments': {
    expect: {
      anonymous: 401,
      guest_standard: 403,
      guest_owner: 403,
      standard: 'allow',
      administrator: 'allow',
      another_owner: 'allow',
    },
    body: { assessmentType: 'disc', dScore: 101 },
  },
  'GET /api/assessments': { expect: signedIn },
  'GET /api/accessible-profiles': { expect: signedIn },
  'GET /api/all-profiles': { expect: signedIn },
  'GET /api/profiles/search': { expect: signedIn, path: '/api/profiles/search?name=Nobody' },
  'GET /api/profiles/lookup': { expect: signedIn, path: '/api/profiles/lookup?q=Nobody' },
  'GET /api/profiles/map': { expect: signedIn },
  // A profile nobody may see: the service's 403, never the gateway's guard (issue 28).
  'GET /api/profiles/:id/report': { expect: signedIn, path: '/api/profiles/999999/report' },
  // Every signed-in user downloads their own data only (decision 060).
  'GET /api/account/export': { expect: signedIn },
  // An empty team: owners are let through and get the service's 400.
  'POST /api/teams/report': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    body: { profileIds: [] },
  },
  // Saved teams (decision 058): owners and administrators; ids no one holds, so the service answers 404.
  'GET /api/teams': { expect: { ...signedIn, guest_standard: 403, guest_owner: 403 } },
  'POST /api/teams': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    body: { name: '', profileIds: [] },
  },
  'GET /api/teams/:id': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    path: '/api/teams/999999',
  },
  'PATCH /api/teams/:id': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    path: '/api/teams/999999',
    body: { name: 'Not mine' },
  },
  'DELETE /api/teams/:id': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    path: '/api/teams/999999',
  },
  'GET /api/teams/:id/report': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
    path: '/api/teams/999999/report',
  },
  'GET /api/invitations': { expect: signedIn },
  // Sample inputs the service refuses (400/404), so the matrix invites, accepts and revokes nothing.
  'POST /api/invitations': {
    expect: { ...signedIn, guest_standard: 403 },
    body: { inviteeName: '', inviteeEmail: '' },
  },
  'DELETE /api/invitations/:id': { expect: signedIn, path: '/api/invitations/999999' },
  'GET /api/invitations/details/:token': { expect: everyone, path: '/api/invitations/details/not-a-token' },
  'POST /api/invitations/accept/:token': {
    expect: everyone,
    path: '/api/invitations/accept/not-a-token',
    body: { password: 'whatever 1' },
  },
  'GET /api/invitations/accept/:token': { expect: everyone, path: '/api/invitations/accept/not-a-token' },
  'GET /api/invitations/history': {
    expect: { ...signedIn, guest_standard: 403, guest_owner: 403 },
  },
  'GET /api/questions': { expect: signedIn },
  // Sample bodies an administrator's call refuses (400/404), so the matrix changes no questions.
  'POST /api/questions': {
    expect: administratorsOnly,
    body: { category: 'self', shortForm: '', detailedQuestion: '' },
  },
  'PUT /api/questions/:id': {
    expect: administratorsOnly,
    path: '/api/questions/999999',
    body: { category: 'self', shortForm: 'A', detailedQuestion: 'B' },
  },
  'DELETE /api/questions/:id': { expect: administratorsOnly, path: '/api/questions/999999' },
  'PATCH /api/questions/reorder': {
    expect: administratorsOnly,
    body: { updates: [{ id: 999999, displayOrder: 0 }] },
  },
  'POST /api/questions/import': { expect: administratorsOnly, body: { category: 'self', text: '' } },
  'GET /api/admin/scim-tokens': { expect: administratorsOnly },
  'POST /api/admin/scim-tokens': { expect: administratorsOnly, body: { label: '' } },
  'DELETE /api/admin/scim-tokens/:id': {
    expect: administratorsOnly,
    path: '/api/admin/scim-tokens/00000000-0000-4000-8000-000000000000',
  },
  // SCIM: the gateway lets every caller through, with or without a session; auth refuses all of them 401, since
  // none carries a SCIM bearer token (decision 064).
  'GET /scim/v2/ServiceProviderConfig': { expect: everyone },
  'GET /scim/v2/ResourceTypes': { expect: everyone },
  'GET /scim/v2/Schemas': { expect: everyone },
  'GET /scim/v2/Users': { expect: everyone },
  'POST /scim/v2/Users': { expect: everyone, body: { userName: 'nobody@example.test' } },
  'GET /scim/v2/Users/:id': { expect: everyone, path: '/scim/v2/Users/1' },
  'PUT /scim/v2/Users/:id': {
    expect: everyone,
    path: '/scim/v2/Users/1',
    body: { userName: 'nobody@example.test' },
  },
  'PATCH /scim/v2/Users/:id': {
    expect: everyone,
    path: '/scim/v2/Users/1',
    body: { Operations: [{ op: 'replace', value: { active: false } }] },
  },
  'DELETE /scim/v2/Users/:id': { expect: everyone, path: '/scim/v2/Users/1' },
  // A profile nobody may see: the service's 403 (ADVICE_/PROFILES_), never the gateway's guard.
  'POST /api/ai/disc-analysis': { expect: signedIn, body: { profileId: 999999, question: 'Strengths?' } },
  'POST /api/ai/disc-analysis/stream': {
    expect: signedIn,
    body: { profileId: 999999, question: 'Strengths?' },
  },
  'POST /api/ai/disc-collaboration': {
    expect: signedIn,
    body: { myProfile: { id: 999998 }, theirProfile: { id: 999999 }, question: 'Fit?' },
  },
  'POST /api/ai/disc-collaboration/stream': {
    expect: signedIn,
    body: { myProfile: { id: 999998 }, theirProfile: { id: 999999 }, question: 'Fit?' },
  }, // The audit log (docs/decisions/059-audit-log.md).
  'GET /api/admin/audit': { expect: administratorsOnly },
  'GET /api/admin/audit.csv': { expect: administratorsOnly },
}

const fixture = useProduct()
const clients: Partial<Record<Caller, ApiSession>> = {}

async function signIn(caller: Caller) {
  const client = new ApiSession(fixture.product.url)
  if (caller !== 'anonymous') await client.login(sessions[caller].username, sessions[caller].password)
  return client
}
const sessions = {} as Record<Exclude<Caller, 'anonymous'>, { username: string; password: string }>

beforeAll(async () => {
  sessions.administrator = {
    username: fixture.product.administrator.email,
    password: fixture.product.administrator.password,
  }
  for (const role of ['guest_standard', 'guest_owner', 'standard'] as const) {
    sessions[role] = await fixture.createAccount(role, {
      firstName: 'Test',
      lastName: role,
      username: `${role}@example.test`,
    })
  }
  sessions.another_owner = await fixture.createAccount('standard', {
    firstName: 'Another',
    lastName: 'Owner',
    username: 'another.owner@example.test',
  })
}, 120_000)

describe('the authorization matrix', () => {
  it('has a row for every route the gateway lets through, and no row for a route it lacks', () => {
    const routes = routeTable.map((rule) => `${rule.method} ${rule.path}`).sort()
    expect(Object.keys(matrix).sort()).toEqual(routes)
  })

  for (const [route, row] of Object.entries(matrix)) {
    it(`${route}`, async () => {
      const [method, path] = route.split(' ') as [string, string]
      for (const caller of callers) {
        // A logout ends the session it uses, so it gets a fresh one; other calls share one session per caller.
        const client =
          route === 'POST /api/auth/logout' || route === 'POST /api/auth/oidc/logout'
            ? await signIn(caller)
            : (clients[caller] ??= await signIn(caller))
        const response = await client.call(method, row.path ?? path, row.body)
        const expected = row.expect[caller]
        const code = (response.body as { code?: unknown } | null)?.code
        const refusedByGuard = /^GATEWAY_(?:UNAUTHENTICATED|FORBIDDEN)$/.test(String(code))
        const detail = `${caller} ${route}: ${response.status} ${JSON.stringify(response.body)}`
        if (expected === 'allow') {
          expect(refusedByGuard, detail).toBe(false)
          expect(response.status, detail).toBeLessThan(500)
          // Nobody here holds a SCIM token: each is refused by auth, and the first administrator stays active.
          if (path.startsWith('/scim/')) expect(response.status, detail).toBe(401)
        } else {
          expect(response.status, detail).toBe(expected)
          expect(refusedByGuard, detail).toBe(true)
        }
      }
    })
  }
})
