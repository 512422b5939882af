import { connect } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeLoginHeader } from '@app/kit/session-headers'
import { logIn, startGateway } from './support/gateway.ts'

/**
 * docs/security.md 18: every spelling of a path gets the decision of its canonical path. The requests go over a
 * raw socket, because inject and fetch would normalise the very spellings under test.
 */

/** An upstream that records the path each forwarded request arrived with. */
async function startRecordingUpstream() {
  const received: string[] = []
  const app = Fastify()
  app.post('/api/test-login', async (request, reply) => {
    reply.header(
      'x-session-login',
      encodeLoginHeader(request.body as Parameters<typeof encodeLoginHeader>[0]),
    )
    return {}
  })
  app.all('/*', async (request) => {
    received.push(request.url)
    return { path: request.url }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url, received }
}

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString()
      // Proxied answers may keep the connection open: an answer is complete once its declared body is in.
      const headEnd = received.indexOf('\r\n\r\n')
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(received.slice(0, headEnd))
      if (headEnd !== -1 && length && Buffer.byteLength(received.slice(headEnd + 4)) >= Number(length[1])) {
        socket.destroy()
        resolve(received)
      }
    })
    socket.on('end', () => resolve(received))
    // An answer that never ends fails its own assertion instead of the whole test's timeout.
    socket.setTimeout(3000, () => {
      socket.destroy()
      resolve(`${received}\n[no end within 3 s]`)
    })
    socket.on('error', reject)
  })
}

interface Answer {
  status: number
  body: string
}

type Kind = 'same' | 'letter-case' | 'refused'

/** The spellings of a canonical path `/api/rest…`, each with what the gateway must make of it. */
function variants(path: string, port: number): Array<{ name: string; target: string; kind: Kind }> {
  const tail = path.slice('/api/'.length)
  return [
    { name: 'canonical', target: path, kind: 'same' },
    { name: 'doubled slashes', target: `//api//${tail.replaceAll('/', '//')}`, kind: 'same' },
    { name: '%2e%2e', target: `/api/x/%2e%2e/${tail}`, kind: 'same' },
    { name: '%2E%2E and %2e.', target: `/api/x/y/%2E%2E/%2e./${tail}`, kind: 'same' },
    { name: '..', target: `/api/x/../${tail}`, kind: 'same' },
    { name: '.', target: `/api/./${tail}`, kind: 'same' },
    { name: '.. above the root', target: `/../../api/${tail}`, kind: 'same' },
    { name: 'encoded letters', target: `/%61p%69/${tail}`, kind: 'same' },
    { name: 'trailing slash', target: `${path}/`, kind: 'same' },
    { name: 'absolute form', target: `http://127.0.0.1:${port}${path}`, kind: 'same' },
    { name: 'absolute form, other host', target: `http://internal.example${path}`, kind: 'same' },
    { name: 'absolute form with ..', target: `http://127.0.0.1:${port}/api/x/../${tail}`, kind: 'same' },
    { name: 'upper case', target: path.toUpperCase(), kind: 'letter-case' },
    { name: 'mixed case', target: `/Api/${tail}`, kind: 'letter-case' },
    { name: 'encoded slash', target: `/api%2F${tail}`, kind: 'refused' },
    { name: 'encoded slash, lower case', target: `/api/x%2f..%2f${tail}`, kind: 'refused' },
    { name: 'encoded backslash', target: `/api%5C${tail}`, kind: 'refused' },
    { name: ';x', target: `${path};x`, kind: 'refused' },
    { name: ';x inside', target: `/api;x/${tail}`, kind: 'refused' },
    { name: '%00', target: `${path}%00`, kind: 'refused' },
    { name: '%00 inside', target: `/api/%00/../${tail}`, kind: 'refused' },
    { name: 'malformed escape', target: `/api/%zz/../${tail}`, kind: 'refused' },
  ]
}

describe('path variants sent raw over the wire', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>
  let gateway: FastifyInstance
  let port: number
  const cookies: Record<'anonymous' | 'standard' | 'administrator', string | null> = {
    anonymous: null,
    standard: null,
    administrator: null,
  }

  beforeAll(async () => {
    upstream = await startRecordingUpstream()
    gateway = (await startGateway({ upstreamUrl: upstream.url })).app
    cookies.standard = await logIn(gateway, { id: '2', role: 'standard', username: 'sam@example.com' })
    cookies.administrator = await logIn(gateway, {
      id: '1',
      role: 'administrator',
      username: 'a@example.com',
    })
    port = Number(new URL(await gateway.listen({ port: 0, host: '127.0.0.1' })).port)
  })
  afterAll(async () => {
    await gateway.close()
    await upstream.app.close()
  })

  async function send(method: string, target: string, cookie: string | null): Promise<Answer> {
    const text = await rawRequest(
      port,
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        (cookie ? `Cookie: session=${cookie}\r\n` : '') +
        'Content-Length: 0\r\nConnection: close\r\n\r\n',
    )
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0)
    return { status, body: text.slice(text.indexOf('\r\n\r\n') + 4) }
  }

  // A gateway route, a proxied route open to every signed-in user, and a proxied administrator route.
  const routes = [
    { method: 'GET', path: '/api/config', proxied: false },
    { method: 'GET', path: '/api/echo/signed-in', proxied: true },
    { method: 'POST', path: '/api/test-revoke/2', proxied: true },
  ]

  for (const route of routes) {
    it(`gives every spelling of ${route.method} ${route.path} the canonical decision`, async () => {
      const canonical = {
        anonymous: await send(route.method, route.path, null),
        standard: await send(route.method, route.path, cookies.standard),
        administrator: await send(route.method, route.path, cookies.administrator),
      }
      // The canonical decisions themselves: signed-in rows refuse anonymous callers, admin rows refuse others.
      expect(canonical.anonymous.status).toBe(401)
      expect(canonical.administrator.status).toBe(200)
      expect(canonical.standard.status).toBe(route.path.startsWith('/api/test-revoke') ? 403 : 200)

      for (const variant of variants(route.path, port)) {
        for (const caller of ['anonymous', 'standard', 'administrator'] as const) {
          upstream.received.length = 0
          const expected = canonical[caller]
          const answer = await send(route.method, variant.target, cookies[caller])
          const label = `${variant.name} (${variant.target}) as ${caller}`
          if (variant.kind === 'refused') {
            expect(answer.status, label).toBe(400)
            expect(answer.body, label).toContain('"code":"GATEWAY_MALFORMED_PATH"')
          } else if (variant.kind === 'same' || expected.status !== 200) {
            // Normalised spellings get the same answer; letter case gets the same refusal.
            expect(answer.status, label).toBe(expected.status)
            if (expected.status === 200) expect(answer.body, label).toBe(expected.body)
          } else {
            // Allowed, but routes are case-sensitive: nothing answers `/API/...`.
            expect(answer.status, label).toBe(404)
          }
          // The upstream sees a request only when the canonical one is allowed, and then only the canonical path.
          const reachesUpstream = route.proxied && answer.status === 200
          expect(upstream.received, label).toEqual(reachesUpstream ? [route.path] : [])
        }
      }
    })
  }
})
