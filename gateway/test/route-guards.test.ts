import { describe, expect, it } from 'vitest'
import { logIn, startGateway, testUsers, useUpstream } from './support/gateway.ts'

const upstream = useUpstream()
const { standard } = testUsers

async function gateway(options: Partial<Parameters<typeof startGateway>[0]> = {}) {
  const started = await startGateway({ upstreamUrl: upstream.url, ...options })
  return started.app
}

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
