import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fastifyHttpProxy from '@fastify/http-proxy'
import { createTokenSigner, IDENTITY_HEADER, type RequestIdentity } from '@app/kit/identity'
import { AppError } from '@app/kit/errors'
import { BODY_LIMIT_BYTES } from '@app/kit/service'
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

/**
 * Hop-by-hop headers describe the gateway's connection to the service, not the client's: forwarding the
 * service's `connection: keep-alive` would override a client's `Connection: close`.
 */
const HOP_BY_HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']

/** Identity tokens live 60 s; reusing one for 20 s keeps signing off the hot path. */
const TOKEN_REUSE_MS = 20_000

function identityTokens(privateKey: string) {
  const sign = createTokenSigner('gateway', privateKey)
  const cache = new Map<string, { token: string; expiresAt: number }>()
  return (service: ServiceName, identity: RequestIdentity) => {
    const key = identity
      ? `${service}|${identity.userId}|${identity.role}|${identity.username}|${identity.mustChangePassword}`
      : service
    const now = Date.now()
    const cached = cache.get(key)
    if (cached && cached.expiresAt > now) return cached.token
    if (cache.size > 10_000) cache.clear()
    const token = sign(service, identity)
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
    /** The gateway's own key: each service gets a token for its audience only. */
    privateKey: string
  },
): Promise<void> {
  const tokenFor = identityTokens(options.privateKey)
  // Internal routes are for services only: from outside they do not exist, however the path is spelled.
  app.addHook('onRequest', async (request) => {
    if (/^\/+internal(?:[/?;]|$)/i.test(request.url)) {
      throw new AppError(404, 'GATEWAY_NOT_FOUND', 'Not found')
    }
  })
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
  // Bodies are read whole, within the body limit, before anything is sent upstream: an oversized chunked
  // upload then gets the gateway's 413 instead of a service closing the stream mid-way (a 500 here).
  await app.register(async (proxies) => {
    proxies.removeAllContentTypeParsers()
    proxies.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      // Handed on as a stream, so the proxy forwards the client's bytes as they are (never re-encoded).
      (_request, body, done) => done(null, Readable.from([body])),
    )
    for (const [prefix, service] of needed) await registerProxy(proxies, prefix, service)
  })

  async function registerProxy(proxies: FastifyInstance, prefix: string, service: ServiceName) {
    await proxies.register(fastifyHttpProxy, {
      upstream: options.serviceUrls[service],
      prefix,
      rewritePrefix: prefix,
      undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
      proxyPayloads: false,
      replyOptions: {
        rewriteHeaders: (headers) => {
          const answered = { ...headers }
          for (const name of HOP_BY_HOP_HEADERS) delete answered[name]
          // A service closes after a body it could not read (errors.ts); the client's connection follows.
          if (headers.connection === 'close') answered.connection = 'close'
          return answered
        },
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = {}
          for (const name in headers) if (!CLIENT_HEADERS_REMOVED.has(name)) forwarded[name] = headers[name]
          forwarded[IDENTITY_HEADER] = tokenFor(service, request.session)
          return forwarded
        },
      },
    })
  }
}
