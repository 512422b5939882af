import { describe, expect, it, vi } from 'vitest'
import { gzipSync } from 'node:zlib'
import { startGateway, useUpstream } from './support/gateway.ts'

const upstream = useUpstream()

async function gateway(options: Partial<Parameters<typeof startGateway>[0]> = {}) {
  const started = await startGateway({ upstreamUrl: upstream.url, ...options })
  return started.app
}

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

  it('refuses compressed request bodies with 415 before any service sees them', async () => {
    const app = await gateway()
    const body = gzipSync(JSON.stringify({ a: 1 }))
    for (const encoding of ['gzip', 'br', 'deflate', 'x-anything']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/echo',
        payload: body,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      })
      expect(response.statusCode).toBe(415)
      // The gateway's own code: no service answered.
      expect(response.json()).toMatchObject({
        code: 'GATEWAY_UNSUPPORTED_CONTENT_ENCODING',
        message: 'Request bodies must not be compressed',
      })
    }
    // `identity` names no encoding at all.
    const plain = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: '{"a":1}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
    })
    expect(plain.statusCode).toBe(200)
    expect(plain.json()).toEqual({ body: { a: 1 } })
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

  it('counts each address in a fixed window that starts again once it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') })
    try {
      const app = await gateway({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } })
      const call = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/echo', remoteAddress })
      expect((await call('192.0.2.1')).statusCode).toBe(200)
      vi.setSystemTime(new Date('2026-01-01T10:00:40Z'))
      expect((await call('192.0.2.1')).statusCode).toBe(200)
      const limited = await call('192.0.2.1')
      expect(limited.statusCode).toBe(429)
      // 20 s of the window are left, whatever came since.
      expect(limited.headers['retry-after']).toBe('20')
      // Another address has its own window; pages outside the API are not counted.
      expect((await call('192.0.2.2')).statusCode).toBe(200)
      expect(
        (await app.inject({ method: 'GET', url: '/login', remoteAddress: '192.0.2.1' })).statusCode,
      ).not.toBe(429)
      vi.setSystemTime(new Date('2026-01-01T10:00:59.999Z'))
      expect((await call('192.0.2.1')).statusCode).toBe(429)
      vi.setSystemTime(new Date('2026-01-01T10:01:00Z'))
      expect((await call('192.0.2.1')).statusCode).toBe(200)
      expect((await call('192.0.2.1')).statusCode).toBe(200)
      expect((await call('192.0.2.1')).statusCode).toBe(429)
    } finally {
      vi.useRealTimers()
    }
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
