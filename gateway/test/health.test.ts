import { describe, expect, it } from 'vitest'
import { logIn, startGateway, useUpstream } from './support/gateway.ts'

const upstream = useUpstream()

async function gateway(options: Partial<Parameters<typeof startGateway>[0]> = {}) {
  const started = await startGateway({ upstreamUrl: upstream.url, ...options })
  return started.app
}

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
