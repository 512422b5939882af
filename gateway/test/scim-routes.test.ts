import { describe, expect, it } from 'vitest'
import { logIn, startGateway, testUsers, useUpstream } from './support/gateway.ts'

/** The gateway's part in SCIM (docs/decisions/064-scim-provisioning.md): it passes the client through to auth. */
const upstream = useUpstream()

async function gateway() {
  return (await startGateway({ upstreamUrl: upstream.url })).app
}

describe('SCIM routes at the gateway', () => {
  it('forward the bearer token, and no session, to auth', async () => {
    const app = await gateway()
    const cookie = await logIn(app, testUsers.administrator)
    const response = await app.inject({
      method: 'GET',
      url: '/scim/v2/Users?filter=userName%20eq%20%22a%40b.c%22',
      headers: { authorization: 'Bearer scim_token', cookie: `session=${cookie}` },
    })
    expect(response.statusCode).toBe(200)
    const forwarded = response.json() as { identity: unknown; headers: Record<string, string> }
    expect(forwarded.headers.authorization).toBe('Bearer scim_token')
    expect(forwarded.headers.cookie).toBeUndefined()
    // An administrator's session speaks for nobody on a SCIM route.
    expect(forwarded.identity).toBeNull()
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('keep stripping the Authorization header from every other route', async () => {
    const app = await gateway()
    const response = await app.inject({
      method: 'GET',
      url: '/api/echo',
      headers: { authorization: 'Bearer scim_token' },
    })
    expect((response.json() as { headers: Record<string, string> }).headers.authorization).toBeUndefined()
  })

  it('take SCIM’s media type on bodies', async () => {
    const app = await gateway()
    const response = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: 'Bearer scim_token', 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ userName: 'a@b.c' }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ body: { userName: 'a@b.c' } })
  })

  it('answer the gateway’s own refusals under /scim in SCIM’s error shape, and /api ones as before', async () => {
    const app = await gateway()
    const missing = await app.inject({ method: 'GET', url: '/scim/v2/Groups' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toMatch(/^application\/scim\+json/)
    expect(missing.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
      detail: 'Route GET /scim/v2/Groups not found',
    })
    const wrongMethod = await app.inject({ method: 'PATCH', url: '/scim/v2/Users' })
    expect(wrongMethod.json()).toMatchObject({ status: '405' })
    const crossSite = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      payload: 'x',
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json()).toMatchObject({ status: '403' })
    const api = await app.inject({ method: 'GET', url: '/api/nope' })
    expect(api.json()).toEqual({ message: 'Route GET /api/nope not found', code: 'GATEWAY_NOT_FOUND' })
  })
})
