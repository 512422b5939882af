import { describe, expect, it } from 'vitest'
import { apiRoutes } from '@app/contracts/api'
import { routeTable } from '../src/route-table.ts'
import { logIn, startGateway, testUsers, useUpstream } from './support/gateway.ts'

const upstream = useUpstream()
const { administrator: admin, standard } = testUsers

describe('the API documentation', () => {
  it('describes every route the gateway lets through, with its schemas', async () => {
    const { app } = await startGateway({ upstreamUrl: upstream.url })
    const cookie = await logIn(app, admin)
    const response = await app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      cookies: { session: cookie },
    })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const served = routeTable
      .filter((rule) => !rule.path.startsWith('/api/docs'))
      .map((rule) => `${rule.method} ${rule.path.replaceAll(/:(\w+)/g, '{$1}')}`)
    expect(documented.sort()).toEqual(served.sort())
    expect(documented).toHaveLength(apiRoutes.length)
    const login = document.paths['/api/auth/login'].post
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password')
    expect(login.responses['200'].content['application/json'].schema.properties).not.toHaveProperty(
      'passwordHash',
    )
    expect(document.paths['/api/admin/user/{id}'].put.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ])
    expect(document.paths['/api/profiles/search'].get.parameters).toEqual([
      expect.objectContaining({ name: 'name', in: 'query' }),
    ])
    // The reports answer PDF files, documented as such (decision 057).
    for (const [path, method] of [
      ['/api/profiles/{id}/report', 'get'],
      ['/api/teams/report', 'post'],
      ['/api/teams/{id}/report', 'get'],
    ] as const) {
      expect(document.paths[path][method].responses['200'].content).toEqual({
        'application/pdf': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
      })
    }
  })

  it('is a page an administrator can browse, with no script', async () => {
    const { app } = await startGateway({ upstreamUrl: upstream.url })
    const cookie = await logIn(app, admin)
    const page = await app.inject({ method: 'GET', url: '/api/docs', cookies: { session: cookie } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('POST /api/assessments')
    expect(page.body).toContain('Who may call it: Signed-in administrator or standard.')
    expect(page.body).not.toContain('<script')
  })

  it('is for administrators only, unless the product runs in development', async () => {
    const { app } = await startGateway({ upstreamUrl: upstream.url })
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401)
    const cookie = await logIn(app, standard)
    const refused = await app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      cookies: { session: cookie },
    })
    expect(refused.statusCode).toBe(403)
    const development = await startGateway({ upstreamUrl: upstream.url, env: { NODE_ENV: 'development' } })
    expect((await development.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(
      200,
    )
  })
})
