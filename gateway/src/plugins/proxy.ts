import type { FastifyInstance } from 'fastify'
import fastifyHttpProxy from '@fastify/http-proxy'
import { createIdentitySigner, IDENTITY_HEADER, type RequestIdentity } from '@app/kit/identity'
import type { ServiceName } from '../config.ts'
import { proxyPrefix, type RouteRule } from '../route-table.ts'

/** Headers a client may not send: identity is the gateway's to assert. */
const CLIENT_HEADERS_REMOVED = new Set([
  IDENTITY_HEADER,
  'x-session-login',
  'x-session-logout',
  'x-session-revoke-user',
  'x-user-id',
  'x-user-role',
  'authorization',
  'cookie',
])

/** Identity tokens live 60 s; reusing one for 20 s keeps signing off the hot path. */
const TOKEN_REUSE_MS = 20_000

function identityTokens(secret: string) {
  const sign = createIdentitySigner(secret)
  const cache = new Map<string, { token: string; expiresAt: number }>()
  return (identity: RequestIdentity) => {
    const key = identity
      ? `${identity.userId}|${identity.role}|${identity.username}|${identity.mustChangePassword}`
      : ''
    const now = Date.now()
    const cached = cache.get(key)
    if (cached && cached.expiresAt > now) return cached.token
    if (cache.size > 10_000) cache.clear()
    const token = sign(identity)
    cache.set(key, { token, expiresAt: now + TOKEN_REUSE_MS })
    return token
  }
}

/** Registers one @fastify/http-proxy per service and path prefix taken from the route table. */
export async function registerProxies(
  app: FastifyInstance,
  options: {
    rules: readonly RouteRule[]
    serviceUrls: Record<ServiceName, string>
    internalTokenSecret: string
  },
): Promise<void> {
  const tokenFor = identityTokens(options.internalTokenSecret)
  const prefixes = new Map<string, ServiceName>()
  for (const rule of options.rules) {
    if (rule.target === 'gateway') continue
    prefixes.set(proxyPrefix(rule), rule.target)
  }
  // A prefix inside another prefix of the same service adds nothing.
  const needed = [...prefixes].filter(
    ([prefix, service]) =>
      ![...prefixes].some(
        ([other, otherService]) => otherService === service && prefix.startsWith(`${other}/`),
      ),
  )
  for (const [prefix, service] of needed) {
    await app.register(fastifyHttpProxy, {
      upstream: options.serviceUrls[service],
      prefix,
      rewritePrefix: prefix,
      undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = {}
          for (const name in headers) if (!CLIENT_HEADERS_REMOVED.has(name)) forwarded[name] = headers[name]
          forwarded[IDENTITY_HEADER] = tokenFor(request.session)
          return forwarded
        },
      },
    })
  }
}
