import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, useUpstream } from './support/gateway.ts'

const upstream = useUpstream()

async function gateway(options: Partial<Parameters<typeof startGateway>[0]> = {}) {
  const started = await startGateway({ upstreamUrl: upstream.url, ...options })
  return started.app
}

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
