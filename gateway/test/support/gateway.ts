import { afterAll, beforeAll } from 'vitest'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { createTokenVerifier, IDENTITY_HEADER } from '@app/kit/identity'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import type { KeyValueStore } from '@app/kit/kv/port'
import { encodeLoginHeader, LOGOUT_HEADER, REVOKE_USER_HEADER } from '@app/kit/session-headers'
import { buildApp } from '../../src/app.ts'
import { gatewayEnvSchema, SERVICES } from '../../src/config.ts'
import { routeTable, type RouteRule } from '../../src/route-table.ts'

export const SESSION_SECRET = 'test-session-secret-0123456789abcdef'

/**
 * A real HTTP upstream standing in for a service: it reports what the gateway forwarded, and starts or ends
 * sessions through the same response headers the auth service uses.
 */
export async function startUpstream(options: { onIdentityToken?: (token: string | undefined) => void } = {}) {
  // Every test row targets auth, so the upstream checks tokens as auth would.
  const verify = createTokenVerifier('auth', { gateway: TEST_KEYS.gateway.publicKey })
  const upstream = Fastify()
  const echo = async (request: FastifyRequest) => {
    const token = request.headers[IDENTITY_HEADER] as string | undefined
    options.onIdentityToken?.(token)
    let identity: unknown = 'invalid'
    try {
      identity = verify(token).identity
    } catch {
      identity = 'invalid'
    }
    const { [IDENTITY_HEADER]: _token, ...headers } = request.headers
    return { identity, headers }
  }
  upstream.get('/api/echo', echo)
  upstream.get('/api/echo/signed-in', echo)
  upstream.post('/api/echo', async (request) => ({ body: request.body }))
  upstream.post('/api/test-login', async (request, reply) => {
    const user = request.body as { id: string; role: string; username: string; mustChangePassword?: boolean }
    reply.header('x-session-login', encodeLoginHeader(user))
    return { id: user.id }
  })
  upstream.post('/api/test-logout', async (_request, reply) => {
    reply.header(LOGOUT_HEADER, '1')
    return { ok: true }
  })
  upstream.post('/api/test-revoke/:userId', async (request, reply) => {
    reply.header(REVOKE_USER_HEADER, (request.params as { userId: string }).userId)
    return { ok: true }
  })
  // The SCIM rows of the real table: what the gateway forwarded to a SCIM client's route.
  upstream.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    upstream.getDefaultJsonParser('error', 'error'),
  )
  upstream.get('/scim/v2/Users', echo)
  upstream.post('/scim/v2/Users', async (request) => ({ body: request.body }))
  upstream.get('/health', async () => ({ status: 'ok' }))
  await upstream.listen({ port: 0, host: '127.0.0.1' })
  return { app: upstream, url: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}` }
}

export const testRules: RouteRule[] = [
  ...routeTable,
  { method: 'GET', path: '/api/echo', access: 'public', target: 'auth' },
  { method: 'POST', path: '/api/echo', access: 'public', target: 'auth' },
  { method: 'POST', path: '/api/test-login', access: 'public', target: 'auth' },
  {
    method: 'POST',
    path: '/api/test-logout',
    access: 'signed-in',
    target: 'auth',
    duringPasswordChange: true,
  },
  { method: 'POST', path: '/api/test-revoke/:userId', access: ['administrator'], target: 'auth' },
  { method: 'GET', path: '/api/echo/signed-in', access: 'signed-in', target: 'auth' },
]

export async function startGateway(options: {
  upstreamUrl: string
  kv?: KeyValueStore
  env?: Record<string, string>
  logger?: Parameters<typeof buildApp>[0]['logger']
}) {
  const kv = options.kv ?? createMemoryKeyValueStore()
  const config = gatewayEnvSchema.parse({
    SESSION_SECRET,
    GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
    PUBLIC_URL: 'http://localhost:8080',
    ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, options.upstreamUrl])),
    ...options.env,
  })
  const app = await buildApp({
    config,
    kv,
    rules: testRules,
    ...(options.logger ? { logger: options.logger } : {}),
  })
  return { app, kv }
}

export function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'session')
  if (!cookie || cookie.value === '') throw new Error('no session cookie was set')
  return cookie.value
}

export async function logIn(
  app: FastifyInstance,
  user: { id: string; role: string; username: string; mustChangePassword?: boolean },
) {
  const response = await app.inject({ method: 'POST', url: '/api/test-login', payload: user })
  return sessionCookie(response)
}

/** Users the test upstream logs in through `/api/test-login`. */
export const testUsers = {
  administrator: { id: '1', role: 'administrator', username: 'admin@example.com' },
  standard: { id: '2', role: 'standard', username: 'sam@example.com' },
} as const

/** One test upstream for a whole file, started before its tests and closed after them. */
export function useUpstream(): { readonly url: string } {
  let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined
  beforeAll(async () => {
    upstream = await startUpstream()
  })
  afterAll(async () => {
    await upstream?.app.close()
  })
  return {
    get url() {
      if (!upstream) throw new Error('The upstream starts in beforeAll')
      return upstream.url
    },
  }
}
