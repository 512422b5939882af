import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startGateway } from './support/gateway.ts'

// `GET /api/echo` is a public row of the test route table; this upstream answers it in three shapes.
const largeAnswer = {
  profiles: Array.from({ length: 60 }, (_, index) => ({ id: index, name: `Person ${index}`, type: 'D' })),
}
const events = Array.from({ length: 40 }, (_, index) => `data: {"chunk":${index},"text":"advice"}\n\n`).join(
  '',
)

async function startShapedUpstream(): Promise<{ app: FastifyInstance; url: string }> {
  const upstream = Fastify()
  upstream.get('/api/echo', async (request, reply) => {
    const { shape } = request.query as { shape?: string }
    if (shape === 'small') return { ok: true }
    if (shape === 'events') {
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache')
      return events
    }
    return largeAnswer
  })
  await upstream.listen({ port: 0, host: '127.0.0.1' })
  return { app: upstream, url: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}` }
}

const script = `console.log(${JSON.stringify('x'.repeat(4000))})\n`
const indexHtml = `<!doctype html><html lang="en"><head><title>Test</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`

let upstream: { app: FastifyInstance; url: string }
let gateway: FastifyInstance
let webRoot: string

beforeAll(async () => {
  upstream = await startShapedUpstream()
  // A web build as the build writes it: every asset beside its Brotli and gzip copies.
  webRoot = await mkdtemp(join(tmpdir(), 'gateway-web-'))
  await mkdir(join(webRoot, 'assets'))
  for (const [name, content] of [
    ['index.html', indexHtml],
    ['assets/app-1a2b3c.js', script],
  ] as const) {
    await writeFile(join(webRoot, name), content)
    await writeFile(join(webRoot, `${name}.br`), brotliCompressSync(content))
    await writeFile(join(webRoot, `${name}.gz`), gzipSync(content))
  }
  await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  ;({ app: gateway } = await startGateway({ upstreamUrl: upstream.url, env: { WEB_ROOT: webRoot } }))
})

afterAll(async () => {
  await gateway?.close()
  await upstream?.app.close()
  if (webRoot) await rm(webRoot, { recursive: true, force: true })
})

function get(url: string, acceptEncoding?: string) {
  return gateway.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })
}

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8')
  return response.rawPayload.toString('utf8')
}

describe('compressed JSON answers', () => {
  test('a JSON answer above 1 KB is sent as Brotli when the browser accepts it, and varies on Accept-Encoding', async () => {
    const response = await get('/api/echo', 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(largeAnswer).length / 2)
    expect(JSON.parse(decoded(response))).toEqual(largeAnswer)
  })

  test('a client that accepts only gzip gets gzip', async () => {
    const response = await get('/api/echo', 'gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decoded(response))).toEqual(largeAnswer)
  })

  test('a client that accepts no encoding gets the plain answer', async () => {
    const response = await get('/api/echo')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual(largeAnswer)
  })

  test('a JSON answer under 1 KB is sent as it is', async () => {
    const response = await get('/api/echo?shape=small', 'gzip, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual({ ok: true })
  })

  test("the gateway's own JSON answers follow the same rule", async () => {
    const response = await get(`/api/${'x'.repeat(1100)}`, 'br')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-encoding']).toBe('br')
    expect(JSON.parse(decoded(response))).toMatchObject({ code: expect.any(String) })
  })
})

describe('server-sent events', () => {
  test('an event stream is never compressed, even well above 1 KB', async () => {
    expect(events.length).toBeGreaterThan(1024)
    const response = await get('/api/echo?shape=events', 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toBe(events)
  })
})

describe('the SPA assets built with Brotli and gzip copies', () => {
  test('an asset is served from its Brotli copy when br is accepted, with its own type and cache rule', async () => {
    const response = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.equals(brotliCompressSync(script))).toBe(true)
    expect(decoded(response)).toBe(script)
  })

  test('an asset is served from its gzip copy when only gzip is accepted', async () => {
    const response = await get('/assets/app-1a2b3c.js', 'gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(decoded(response)).toBe(script)
  })

  test('an asset is served plain, still varying on Accept-Encoding, when nothing is accepted', async () => {
    const response = await get('/assets/app-1a2b3c.js')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    expect(response.body).toBe(script)
  })

  test('a page route gets index.html from its Brotli copy, revalidated on every visit', async () => {
    const response = await get('/login', 'gzip, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(decoded(response)).toBe(indexHtml)
  })

  test('a small file without compressed copies is sent as it is', async () => {
    const response = await get('/favicon.svg', 'gzip, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toContain('<svg')
  })
})
