import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@app/kit/testing/free-port'
import { commandAvailable, read } from './workspace.ts'

// The web image's nginx server block (web/nginx.conf), run by the Debian nginx against a stand-in gateway.
const nginxAvailable = commandAvailable('nginx', ['-v'])
if (!nginxAvailable)
  console.warn('nginx is not installed (Debian package nginx-light): skipping the web server tests')

const template = read('web/nginx.conf')

/** A GET with the path exactly as written: fetch would resolve dot segments before sending. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((done, fail) => {
    get({ hostname, port, path }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => done({ status: response.statusCode ?? 0, body }))
    }).on('error', fail)
  })
}

interface Seen {
  url: string
  headers: IncomingHttpHeaders
  bytes: number
}

describe('web/nginx.conf', () => {
  it('uses only ${GATEWAY_URL} from the environment, which the image sets by default', () => {
    expect(new Set([...template.matchAll(/\$\{([A-Z_]+)\}/gi)].map((match) => match[1]))).toEqual(
      new Set(['GATEWAY_URL']),
    )
    expect(read('web/Dockerfile')).toMatch(/^ENV GATEWAY_URL=http:\/\/gateway:8080$/m)
  })
})

describe.skipIf(!nginxAvailable)('the web server', () => {
  const directory = mkdtempSync(join(tmpdir(), 'web-server-'))
  const seen: Seen[] = []
  let gateway: Server
  let nginx: ChildProcess | undefined
  let base = ''
  let nginxOutput = ''

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const entry: Seen = { url: request.url ?? '', headers: request.headers, bytes: 0 }
      seen.push(entry)
      request.on('data', (chunk: Buffer) => (entry.bytes += chunk.length))
      request.on('end', () => {
        response
          .writeHead(200, {
            'content-type': 'application/json',
            'content-security-policy': "default-src 'none'",
          })
          .end('{"from":"gateway"}')
      })
    })
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done))
    const gatewayPort = (gateway.address() as AddressInfo).port
    const port = await freePort()
    base = `http://127.0.0.1:${port}`

    // The directory must be readable by nginx's worker user when the tests run as root.
    chmodSync(directory, 0o755)
    mkdirSync(join(directory, 'html/assets'), { recursive: true })
    writeFileSync(join(directory, 'html/index.html'), '<!doctype html><title>SPA shell</title>')
    writeFileSync(join(directory, 'html/assets/index-abc123.js'), 'console.log("app")')
    const serverBlock = template
      .replaceAll('${GATEWAY_URL}', `http://127.0.0.1:${gatewayPort}`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${join(directory, 'html')};`)
    writeFileSync(join(directory, 'default.conf'), serverBlock)
    const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${join(directory, kind)};`)
      .join(' ')
    writeFileSync(
      join(directory, 'nginx.conf'),
      `pid ${join(directory, 'nginx.pid')};\nevents {}\nhttp {\n include /etc/nginx/mime.types;\n access_log off;\n ${temporary}\n include ${join(directory, 'default.conf')};\n}\n`,
    )

    nginx = spawn(
      'nginx',
      ['-e', 'stderr', '-p', directory, '-c', join(directory, 'nginx.conf'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()))
    const deadline = Date.now() + 10_000
    for (;;) {
      const ready = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      if (Date.now() > deadline || nginx.exitCode !== null)
        throw new Error(`nginx did not start: ${nginxOutput}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  })

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((done) => nginx!.once('exit', done))
      nginx.kill('SIGTERM')
      await exited
    }
    await new Promise<void>((done) => gateway.close(() => done()))
    rmSync(directory, { recursive: true, force: true })
  })

  it('answers its health check', async () => {
    const response = await fetch(`${base}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok\n')
  })

  it('serves the SPA shell for client-side routes, uncached, with the security headers', async () => {
    for (const path of ['/', '/history', '/admin/users', '/login?next=%2Fscores']) {
      const response = await fetch(`${base}${path}`)
      expect(response.status, path).toBe(200)
      expect(await response.text()).toContain('SPA shell')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('server')).toBe('nginx')
    }
  })

  it('caches hashed assets for long and answers 404, not the shell, for a missing one', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toMatch(/max-age=\d{7,}/)
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    const missing = await fetch(`${base}/assets/missing.js`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).not.toContain('SPA shell')
  })

  it('proxies /api to the gateway with the path as sent and the forwarding headers', async () => {
    seen.length = 0
    const response = await fetch(`${base}/api/auth/me?x=1`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(await response.json()).toEqual({ from: 'gateway' })
    expect(seen.map((request) => request.url)).toEqual(['/api/auth/me?x=1'])
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1')
    expect(seen[0]!.headers['x-forwarded-proto']).toBe('http')
    expect(seen[0]!.headers.host).toBe(new URL(base).host)
  })

  it('leaves the API security headers to the gateway instead of adding its own', async () => {
    const response = await fetch(`${base}/api/health`)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(response.headers.get('x-frame-options')).toBeNull()
  })

  it('routes on the normalised path but hands /api requests to the gateway exactly as sent', async () => {
    seen.length = 0
    const escaped = await rawGet(base, '/api/%2e%2e/admin/users')
    expect(escaped.body).toContain('SPA shell')
    expect(seen).toEqual([])
    await rawGet(base, '/api/profiles/%2e%2e/admin/users')
    expect(seen.map((request) => request.url)).toEqual(['/api/profiles/%2e%2e/admin/users'])
  })

  it('lets a 10 MB import through and refuses bodies over its limit', async () => {
    seen.length = 0
    const tenMegabytes = await fetch(`${base}/api/admin/import-prevue`, {
      method: 'POST',
      body: new Uint8Array(10 * 1024 * 1024),
    })
    expect(tenMegabytes.status).toBe(200)
    expect(seen[0]?.bytes).toBe(10 * 1024 * 1024)
    const tooLarge = await fetch(`${base}/api/admin/import-prevue`, {
      method: 'POST',
      body: new Uint8Array(13 * 1024 * 1024),
    })
    expect(tooLarge.status).toBe(413)
  })
})
