import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
      const refused = await app.inject({
        method: 'GET',
        url: '/api/echo/signed-in',
        cookies: { session: cookie },
      })
      expect(refused.statusCode).toBe(401)
      // The browser may already hold the session that replaced this one: the refusal leaves cookies alone
      // (docs/decisions/070-a-refused-session-cookie-is-left-alone.md).
      expect(refused.headers['set-cookie']).toBeUndefined()
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
