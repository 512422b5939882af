import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHmac } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { IDENTITY_HEADER } from '@app/kit/identity'
import {
  logIn,
  SESSION_SECRET,
  sessionCookie,
  startGateway,
  testUsers,
  useUpstream,
} from './support/gateway.ts'

const upstream = useUpstream()
const { administrator: admin, standard } = testUsers

async function gateway(options: Partial<Parameters<typeof startGateway>[0]> = {}) {
  const started = await startGateway({ upstreamUrl: upstream.url, ...options })
  return started.app
}

describe('session cookie', () => {
  it('turns an upstream login header into an HttpOnly SameSite cookie and hides the header', async () => {
    const app = await gateway()
    const response = await app.inject({ method: 'POST', url: '/api/test-login', payload: standard })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-session-login']).toBeUndefined()
    const cookie = response.cookies.find((candidate) => candidate.name === 'session')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.secure).toBeUndefined()
    const header = JSON.parse(Buffer.from(cookie.value.split('.')[0]!, 'base64url').toString())
    expect(header.alg).toBe('HS256')
  })

  it('marks the cookie Secure when the product is served over HTTPS, and sends HSTS', async () => {
    const app = await gateway({ env: { PUBLIC_URL: 'https://disc.example.com' } })
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-login',
      payload: standard,
      headers: { origin: 'https://disc.example.com' },
    })
    expect(response.cookies.find((candidate) => candidate.name === 'session')?.secure).toBe(true)
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000')
  })

  it('forwards the signed-in identity to the service, and none for anonymous callers', async () => {
    const app = await gateway()
    const anonymous = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(anonymous.json().identity).toBeNull()
    const cookie = await logIn(app, admin)
    const signedIn = await app.inject({ method: 'GET', url: '/api/echo', cookies: { session: cookie } })
    expect(signedIn.json().identity).toEqual({
      userId: 1,
      role: 'administrator',
      username: 'admin@example.com',
      mustChangePassword: false,
    })
  })

  it('strips identity headers, cookies and bearer tokens a client sends', async () => {
    const app = await gateway()
    const response = await app.inject({
      method: 'GET',
      url: '/api/echo',
      headers: {
        [IDENTITY_HEADER]: 'forged',
        'x-user-id': '1',
        authorization: 'Bearer abc',
        cookie: 'other=1',
      },
    })
    const body = response.json()
    expect(body.identity).toBeNull()
    expect(body.headers['x-user-id']).toBeUndefined()
    expect(body.headers.authorization).toBeUndefined()
    expect(body.headers.cookie).toBeUndefined()
  })

  it('accepts the session from the cookie only, never from a bearer header', async () => {
    const app = await gateway()
    const cookie = await logIn(app, standard)
    const response = await app.inject({
      method: 'GET',
      url: '/api/echo/signed-in',
      headers: { authorization: `Bearer ${cookie}` },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Please log in to continue', code: 'GATEWAY_UNAUTHENTICATED' })
  })

  it('refuses forged tokens: alg none, wrong key, expired, altered role', async () => {
    const app = await gateway()
    const claims = {
      sub: '2',
      role: 'administrator',
      username: 'x',
      mcp: false,
      sid: 's',
      iatMs: Date.now(),
      startMs: Date.now(),
    }
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const genuine = await logIn(app, standard)
    const [header, payload, signature] = genuine.split('.') as [string, string, string]
    const altered = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'administrator' }
    const sign = (key: string, algorithm: 'HS256' | 'HS512', body: object) => {
      const unsigned = `${encode({ alg: algorithm, typ: 'JWT' })}.${encode(body)}`
      const hash = algorithm === 'HS256' ? 'sha256' : 'sha512'
      return `${unsigned}.${createHmac(hash, key).update(unsigned).digest('base64url')}`
    }
    const now = Math.floor(Date.now() / 1000)
    const forgeries = [
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
      sign('another-secret-another-secret-1234', 'HS256', { ...claims, iat: now, exp: now + 600 }),
      sign(SESSION_SECRET, 'HS256', { ...claims, iat: now - 2000, exp: now - 1000 }),
      sign(SESSION_SECRET, 'HS512', { ...claims, iat: now, exp: now + 600 }),
      `${header}.${encode(altered)}.${signature}`,
    ]
    // The genuine cookie and a correctly signed token pass, so the refusals below are the forgeries' own.
    expect(
      (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: genuine } }))
        .statusCode,
    ).toBe(200)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/echo/signed-in',
          cookies: { session: sign(SESSION_SECRET, 'HS256', { ...claims, iat: now, exp: now + 600 }) },
        })
      ).statusCode,
      'a token signed with the right key and algorithm is accepted, so the helper signs correctly',
    ).toBe(200)
    for (const token of forgeries) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/echo/signed-in',
        cookies: { session: token },
      })
      expect(response.statusCode, token).toBe(401)
    }
  })

  it('ends the session at once on logout: the old cookie is refused', async () => {
    const app = await gateway()
    const cookie = await logIn(app, standard)
    expect(
      (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
        .statusCode,
    ).toBe(200)
    const logout = await app.inject({ method: 'POST', url: '/api/test-logout', cookies: { session: cookie } })
    expect(logout.statusCode).toBe(200)
    expect(logout.cookies.find((candidate) => candidate.name === 'session')?.value).toBe('')
    const replay = await app.inject({
      method: 'GET',
      url: '/api/echo/signed-in',
      cookies: { session: cookie },
    })
    expect(replay.statusCode).toBe(401)
  })

  it("ends every earlier session of a user when an upstream revokes them, but not other users' sessions", async () => {
    const app = await gateway()
    const first = await logIn(app, standard)
    const second = await logIn(app, standard)
    const other = await logIn(app, { ...standard, id: '3' })
    const adminCookie = await logIn(app, admin)
    await app.inject({ method: 'POST', url: '/api/test-revoke/2', cookies: { session: adminCookie } })
    for (const cookie of [first, second]) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
          .statusCode,
      ).toBe(401)
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: other } }))
        .statusCode,
    ).toBe(200)
    const fresh = await logIn(app, standard)
    expect(
      (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: fresh } }))
        .statusCode,
    ).toBe(200)
  })

  describe('with a moving clock', () => {
    afterEach(() => vi.useRealTimers())

    it('renews a session in use after ten minutes and ends an idle one after thirty', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') })
      const app = await gateway()
      const cookie = await logIn(app, standard)
      vi.setSystemTime(new Date('2026-01-01T10:11:00Z'))
      const renewed = await app.inject({
        method: 'GET',
        url: '/api/echo/signed-in',
        cookies: { session: cookie },
      })
      expect(renewed.statusCode).toBe(200)
      const newCookie = sessionCookie(renewed)
      expect(newCookie).not.toBe(cookie)
      vi.setSystemTime(new Date('2026-01-01T10:35:00Z'))
      expect(
        (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
          .statusCode,
      ).toBe(401)
      expect(
        (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: newCookie } }))
          .statusCode,
      ).toBe(200)
    })
  })
})

describe('route guards', () => {
  it('answers unknown API routes with a JSON 404 before anything is proxied', async () => {
    const app = await gateway()
    const response = await app.inject({ method: 'GET', url: '/api/not-a-route' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json()).toEqual({
      message: 'Route GET /api/not-a-route not found',
      code: 'GATEWAY_NOT_FOUND',
    })
  })

  it('answers 405 for a known path with another method', async () => {
    const app = await gateway()
    expect((await app.inject({ method: 'DELETE', url: '/api/echo' })).statusCode).toBe(405)
  })

  it('refuses a role the row does not list with 403', async () => {
    const app = await gateway()
    const cookie = await logIn(app, standard)
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-revoke/3',
      cookies: { session: cookie },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe('You do not have access to this resource')
  })

  it('lets a session that must change its password call only the rows that allow it', async () => {
    const app = await gateway()
    const cookie = await logIn(app, { ...standard, mustChangePassword: true })
    const blocked = await app.inject({
      method: 'GET',
      url: '/api/echo/signed-in',
      cookies: { session: cookie },
    })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().message).toBe('You must change your password before continuing')
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/test-logout',
      cookies: { session: cookie },
    })
    expect(allowed.statusCode).toBe(200)
  })
})

describe('request safety', () => {
  it('sets the security headers', async () => {
    const app = await gateway()
    const response = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('refuses cross-site state changes and text/plain bodies, and lets same-origin ones through', async () => {
    const app = await gateway()
    const post = (headers: Record<string, string>, payload: string = '{"a":1}') =>
      app.inject({
        method: 'POST',
        url: '/api/echo',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      })
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403)
    expect((await post({ 'content-type': 'text/plain' })).statusCode).toBe(403)
    const sameOrigin = await post({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })
    expect(sameOrigin.statusCode).toBe(200)
    expect(sameOrigin.json()).toEqual({ body: { a: 1 } })
  })

  it('refuses oversized bodies with 413', async () => {
    const app = await gateway()
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().message).toBe('Request body is too large')
  })

  it('limits the request rate with a clear 429 that says when to retry', async () => {
    const app = await gateway({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } })
    const statuses = []
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await app.inject({ method: 'GET', url: '/api/echo' })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(limited.statusCode).toBe(429)
    expect(Object.keys(limited.json()).sort()).toEqual(['code', 'message'])
    expect(limited.json()).toMatchObject({ code: 'GATEWAY_RATE_LIMITED' })
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
  })

  it('limits credential routes per address with their own configured numbers', async () => {
    const app = await gateway({
      env: { CREDENTIAL_RATE_LIMIT_MAX: '2', CREDENTIAL_RATE_LIMIT_WINDOW_MS: '600000' },
    })
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone@example.com' },
      })
    // The upstream has no such route (404), so these answers are the gateway's own decision.
    expect((await forgot()).statusCode).not.toBe(429)
    expect((await forgot()).statusCode).not.toBe(429)
    const limited = await forgot()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in 10 minute\(s\)\.$/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(540)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600)
    // Another credential route has its own count; other routes only the global one.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'a', password: 'b' },
        })
      ).statusCode,
    ).not.toBe(429)
    expect((await app.inject({ method: 'GET', url: '/api/echo' })).statusCode).toBe(200)
  })

  it('counts by the address a trusted proxy reports, and never by one a client claims', async () => {
    const limitedApp = async (trusted: string | null) =>
      gateway({
        env: { RATE_LIMIT_MAX: '2', ...(trusted ? { TRUSTED_PROXIES: trusted } : {}) },
      })
    const call = (app: Awaited<ReturnType<typeof gateway>>, forwardedFor: string) =>
      app.inject({
        method: 'GET',
        url: '/api/echo',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': forwardedFor },
      })
    // Untrusted: rotating X-Forwarded-For values all count against the one real address.
    const untrusted = await limitedApp(null)
    const rotating = []
    for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      rotating.push((await call(untrusted, address)).statusCode)
    expect(rotating).toEqual([200, 200, 429])
    // Behind a trusted proxy, each client behind it has its own count.
    const behindProxy = await limitedApp('10.0.0.5')
    const clients = []
    for (const address of ['1.1.1.1', '1.1.1.1', '2.2.2.2', '1.1.1.1'])
      clients.push((await call(behindProxy, address)).statusCode)
    expect(clients).toEqual([200, 200, 200, 429])
  })
})

describe('/api/health', () => {
  it('reports every upstream to administrators, the status alone to others, and 503 when one is down', async () => {
    const app = await gateway()
    const administrator = await logIn(app, { id: '1', role: 'administrator', username: 'admin@example.com' })
    const standard = await logIn(app, { id: '2', role: 'standard', username: 'user@example.com' })
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' })
    const asStandard = await app.inject({ method: 'GET', url: '/api/health', cookies: { session: standard } })
    expect(asStandard.json()).toEqual({ status: 'ok' })
    const healthy = await app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { session: administrator },
    })
    expect(healthy.statusCode).toBe(200)
    expect(healthy.json().upstreams.auth).toMatchObject({ status: 'ok', breaker: 'closed' })
    expect(Object.keys(healthy.json().upstreams).sort()).toEqual([
      'advice',
      'auth',
      'import',
      'profiles',
      'questions',
      'sharing',
    ])
    const broken = await gateway({ env: { ADVICE_SERVICE_URL: 'http://127.0.0.1:1' } })
    const brokenAdministrator = await logIn(broken, {
      id: '1',
      role: 'administrator',
      username: 'admin@example.com',
    })
    expect((await broken.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'degraded',
    })
    const degraded = await broken.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { session: brokenAdministrator },
    })
    expect(degraded.statusCode).toBe(503)
    expect(degraded.json().upstreams.advice.status).toBe('down')
    expect(degraded.json().upstreams.auth.status).toBe('ok')
  })
})

describe('the built web app (all-in-one mode)', () => {
  let webRoot: string
  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'web-'))
    mkdirSync(join(webRoot, 'assets'))
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)')
  })
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }))

  it('serves index.html for app routes, assets with long caching, and JSON for unknown API routes', async () => {
    const app = await gateway({ env: { WEB_ROOT: webRoot } })
    const page = await app.inject({ method: 'GET', url: '/history?x=1' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<title>app</title>')
    // Pages get the full set: the app's own scripts and styles, nothing framed.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.body).toBe('console.log(1)')
    expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404)
    const api = await app.inject({ method: 'GET', url: '/api/nothing' })
    expect(api.statusCode).toBe(404)
    expect(api.json().code).toBe('GATEWAY_NOT_FOUND')
  })
})
