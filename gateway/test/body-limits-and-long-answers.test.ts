import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_BODY_LIMIT_BYTES } from '@app/contracts/imports'
import { BODY_LIMIT_BYTES } from '@app/kit/service'
import { encodeLoginHeader } from '@app/kit/session-headers'
import { logIn, startGateway, testUsers } from './support/gateway.ts'

const MEBIBYTE = 1024 * 1024
/** The gateway's idle limit on a service's answer in this file: short, so that a slow answer outlives it. */
const UPSTREAM_TIMEOUT_MS = 400

/** A JSON body of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const frame = '{"csvText":""}'
  return `{"csvText":"${'x'.repeat(bytes - frame.length)}"}`
}

// The service side: it takes any body up to the imports' limit, and answers slowly in two shapes.
const openStreams: PassThrough[] = []
async function startUpstream(): Promise<{ app: FastifyInstance; url: string }> {
  const upstream = Fastify({ bodyLimit: IMPORT_BODY_LIMIT_BYTES + MEBIBYTE })
  upstream.removeAllContentTypeParsers()
  upstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  upstream.post('/api/test-login', async (_request, reply) => {
    reply.header('x-session-login', encodeLoginHeader(testUsers.administrator))
    return {}
  })
  const received = async (request: { body: unknown }) => ({ received: (request.body as Buffer).length })
  upstream.post('/api/simple-import', received)
  upstream.post('/api/assessments', received)
  upstream.get('/api/echo', async (request, reply) => {
    const { shape } = request.query as { shape: 'events' | 'trickle' | 'stall' }
    const stream = new PassThrough()
    openStreams.push(stream)
    reply.header(
      'content-type',
      shape === 'events' ? 'text/event-stream; charset=utf-8' : 'application/json; charset=utf-8',
    )
    if (shape === 'events') {
      // The first event at once; the rest only when the test says so (it has seen the first).
      stream.write('data: {"n":1}\n\n')
    } else if (shape === 'trickle') {
      // Headers now, then a chunk every 100 ms for 1.5 s: far longer than the timeout, never idle that long.
      const parts = [
        '{"rows":[',
        ...Array.from({ length: 14 }, (_, index) => `${index ? ',' : ''}${index}`),
        ']}',
      ]
      let index = 0
      const timer = setInterval(() => {
        stream.write(parts[index]!)
        index += 1
        if (index === parts.length) {
          clearInterval(timer)
          stream.end()
        }
      }, 100)
    } else {
      stream.write('{"rows":[')
      // Then nothing: idle past the timeout.
    }
    return reply.send(stream)
  })
  await upstream.listen({ port: 0, host: '127.0.0.1' })
  return { app: upstream, url: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}` }
}

let upstream: { app: FastifyInstance; url: string }
let gateway: FastifyInstance
let gatewayUrl: string
let cookie: string

beforeAll(async () => {
  upstream = await startUpstream()
  ;({ app: gateway } = await startGateway({
    upstreamUrl: upstream.url,
    env: { UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) },
  }))
  await gateway.listen({ port: 0, host: '127.0.0.1' })
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`
  cookie = `session=${await logIn(gateway, testUsers.administrator)}`
})

afterAll(async () => {
  for (const stream of openStreams) stream.destroy()
  await gateway?.close()
  await upstream?.app.close()
})

const post = (url: string, payload: string) =>
  gateway.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', cookie } })

/** A POST whose body is sent chunked, without Content-Length, through a real connection. */
function chunkedPost(path: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', cookie },
    })
    request.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    })
    // The gateway may refuse and close before the whole body is written.
    request.on('error', reject)
    const text = jsonOfSize(bytes)
    for (let offset = 0; offset < text.length; offset += 256 * 1024)
      request.write(text.slice(offset, offset + 256 * 1024))
    request.end()
  })
}

function get(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(`${gatewayUrl}${path}`, { headers: { cookie } }, resolve).on('error', reject).end()
  })
}

describe('body limits per route', () => {
  it('lets a 10 MB body through to the import routes, which declare a larger limit', async () => {
    const body = jsonOfSize(10 * MEBIBYTE)
    const answer = await post('/api/simple-import', body)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ received: body.length })
    const chunked = await chunkedPost('/api/simple-import', 10 * MEBIBYTE)
    expect(chunked.status, chunked.body).toBe(200)
    expect(JSON.parse(chunked.body)).toEqual({ received: 10 * MEBIBYTE })
  })

  it('refuses a 10 MB body to any other route with 413, declared or chunked', async () => {
    const declared = await post('/api/assessments', jsonOfSize(10 * MEBIBYTE))
    expect(declared.statusCode).toBe(413)
    expect(declared.json()).toMatchObject({ message: 'Request body is too large' })
    const chunked = await chunkedPost('/api/assessments', 10 * MEBIBYTE)
    expect(chunked.status).toBe(413)
    // The default limit itself is unchanged: just under it passes, just over it does not.
    expect((await post('/api/assessments', jsonOfSize(BODY_LIMIT_BYTES))).statusCode).toBe(200)
    expect((await post('/api/assessments', jsonOfSize(BODY_LIMIT_BYTES + 1))).statusCode).toBe(413)
  })

  it('refuses a body over the import routes’ own limit', async () => {
    const declared = await post('/api/simple-import', jsonOfSize(IMPORT_BODY_LIMIT_BYTES + 1))
    expect(declared.statusCode).toBe(413)
    const chunked = await chunkedPost('/api/simple-import', IMPORT_BODY_LIMIT_BYTES + MEBIBYTE)
    expect(chunked.status).toBe(413)
  })

  it('decides on the route before any body is read: no session, no large body', async () => {
    const anonymous = await gateway.inject({
      method: 'POST',
      url: '/api/simple-import',
      payload: jsonOfSize(10 * MEBIBYTE),
      headers: { 'content-type': 'application/json' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('long answers', () => {
  it('streams server-sent events chunk by chunk', async () => {
    const response = await get('/api/echo?shape=events')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    const received: string[] = []
    response.on('data', (chunk: Buffer) => received.push(chunk.toString()))
    // The first event arrives while the service still holds the stream open.
    await expect.poll(() => received.join('')).toBe('data: {"n":1}\n\n')
    const stream = openStreams.at(-1)!
    stream.write('data: {"n":2}\n\n')
    await expect.poll(() => received.join('')).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n')
    stream.end('data: {"n":3}\n\n')
    await new Promise((resolve) => response.on('end', resolve))
    expect(received.join('')).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\n')
  })

  it('does not cut a JSON answer that trickles for longer than the upstream timeout', async () => {
    const started = Date.now()
    const response = await get('/api/echo?shape=trickle')
    expect(response.statusCode).toBe(200)
    let body = ''
    response.on('data', (chunk: Buffer) => (body += chunk.toString()))
    await new Promise((resolve, reject) => response.on('end', resolve).on('error', reject))
    expect(Date.now() - started).toBeGreaterThan(3 * UPSTREAM_TIMEOUT_MS)
    expect(JSON.parse(body)).toEqual({ rows: Array.from({ length: 14 }, (_, index) => index) })
  })

  it('cuts an answer that goes silent for longer than the upstream timeout', async () => {
    const response = await get('/api/echo?shape=stall')
    expect(response.statusCode).toBe(200)
    let body = ''
    response.on('data', (chunk: Buffer) => (body += chunk.toString()))
    const ended = await new Promise<string>((resolve) => {
      response.on('end', () => resolve('end'))
      response.on('error', () => resolve('error'))
      response.on('aborted', () => resolve('aborted'))
      response.on('close', () => resolve('close'))
    })
    // The client never receives a complete answer it could mistake for the whole one.
    expect(['aborted', 'error', 'close']).toContain(ended)
    expect(() => JSON.parse(body)).toThrow()
  })
})
