import { Readable } from 'node:stream'
import { errorCodes, type FastifyInstance } from 'fastify'
import fastifyHttpProxy from '@fastify/http-proxy'
import { createTokenSigner, IDENTITY_HEADER, type RequestIdentity } from '@app/kit/identity'
import { CLIENT_ADDRESS_HEADER } from '@app/kit/client-address'
import { AppError } from '@app/kit/errors'
import { REQUEST_ID_HEADER } from '@app/kit/logger'
import type { ServiceName } from '../config.ts'
import { bodyLimitOf, proxyPrefix, type RouteRule } from '../route-table.ts'
import type { CircuitBreaker } from './circuit-breaker.ts'

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
 * Where the client is, as a client or an untrusted hop may claim it: the gateway says it itself (below), from
 * the socket or a trusted proxy (`TRUSTED_PROXIES`, Fastify's `trustProxy`), so that no service logs or
 * throttles an address the caller chose (decision 026).
 */
const CLIENT_ADDRESS_HEADERS = new Set(['forwarded', 'x-real-ip', 'x-client-ip', 'true-client-ip'])
const isClaimedAddress = (name: string) => CLIENT_ADDRESS_HEADERS.has(name) || name.startsWith('x-forwarded-')

/**
 * Hop-by-hop headers describe the gateway's connection to the service, not the client's: forwarding the
 * service's `connection: keep-alive` would override a client's `Connection: close`.
 */
const HOP_BY_HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
])

const unavailable = () =>
  new AppError(
    503,
    'GATEWAY_UPSTREAM_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again shortly.',
  )
const timedOut = () =>
  new AppError(
    504,
    'GATEWAY_UPSTREAM_TIMEOUT',
    'The service took too long to answer. Please try again shortly.',
  )

/** Identity tokens live 60 s; reusing one for 20 s keeps signing off the hot path (decision 051). */
const TOKEN_REUSE_MS = 20_000

interface ReusableToken {
  token: string
  expiresAt: number
}

/**
 * One token per session and audience, signed again once it is 20 s old. A session's identity is one frozen
 * object for as long as its cookie is remembered (verified-sessions.ts), so its tokens hang off it and go
 * with it; anonymous callers share one token per audience.
 */
function identityTokens(privateKey: string) {
  const sign = createTokenSigner('gateway', privateKey)
  const anonymous = new Map<ServiceName, ReusableToken>()
  const bySession = new WeakMap<object, Map<ServiceName, ReusableToken>>()
  return (service: ServiceName, identity: RequestIdentity) => {
    let tokens = identity ? bySession.get(identity) : anonymous
    if (!tokens) {
      tokens = new Map()
      bySession.set(identity!, tokens)
    }
    const now = Date.now()
    const cached = tokens.get(service)
    if (cached && cached.expiresAt > now) return cached.token
    const token = sign(service, identity)
    tokens.set(service, { token, expiresAt: now + TOKEN_REUSE_MS })
    return token
  }
}

/**
 * Fastify's own buffer parser with the limit of the request's route rather than one per parser: the proxy's
 * routes are prefixes, so a route-level `bodyLimit` cannot tell the import routes from the rest. The body
 * is handed on as a stream, so the proxy forwards the client's bytes as they are (never re-encoded).
 */
function readWhole(
  payload: NodeJS.ReadableStream,
  limit: number,
  contentLength: number,
  done: (error: Error | null, body?: Readable) => void,
): void {
  const bodyTooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
  if (contentLength > limit) return done(bodyTooLarge())
  const chunks: Buffer[] = []
  let received = 0
  const stop = () => {
    payload.removeListener('data', onData)
    payload.removeListener('end', onEnd)
    payload.removeListener('error', onEnd)
  }
  function onData(chunk: Buffer | string) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    received += bytes.length
    if (received > limit) {
      stop()
      return done(bodyTooLarge())
    }
    chunks.push(bytes)
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    stop()
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400
      return done(error)
    }
    if (!Number.isNaN(contentLength) && received !== contentLength)
      return done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
    done(null, Readable.from([Buffer.concat(chunks, received)]))
  }
  payload.on('data', onData)
  payload.on('end', onEnd)
  payload.on('error', onEnd)
  payload.resume()
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The service a request went to, until it failed there: its answer closes that service's breaker. */
    proxiedTo: ServiceName | null
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
    /** One per service: a dead service answers 503 at once instead of holding every request. */
    breakers: Record<ServiceName, CircuitBreaker>
    upstreamTimeoutMs: number
  },
): Promise<void> {
  const tokenFor = identityTokens(options.privateKey)
  // A field of every request rather than a WeakMap entry: one fewer weak reference for the collector per request.
  app.decorateRequest('proxiedTo', null)
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
  // Bodies are read whole, within the route's body limit, before anything is sent upstream: an oversized
  // chunked upload then gets the gateway's 413 instead of a service closing the stream mid-way (a 500 here).
  await app.register(async (proxies) => {
    proxies.removeAllContentTypeParsers()
    proxies.addContentTypeParser('*', (request, payload, done) =>
      readWhole(payload, bodyLimitOf(request.routeRule), Number(request.headers['content-length']), done),
    )
    // An answer from the service, whatever its status, shows it is alive.
    proxies.addHook('onResponse', (request, _reply, done) => {
      if (request.proxiedTo) options.breakers[request.proxiedTo].success()
      done()
    })
    for (const [prefix, service] of needed) await registerProxy(proxies, prefix, service)
  })

  async function registerProxy(proxies: FastifyInstance, prefix: string, service: ServiceName) {
    const breaker = options.breakers[service]
    await proxies.register(fastifyHttpProxy, {
      upstream: options.serviceUrls[service],
      prefix,
      rewritePrefix: prefix,
      undici: { headersTimeout: options.upstreamTimeoutMs, bodyTimeout: options.upstreamTimeoutMs },
      proxyPayloads: false,
      // reply-from's own two lines per request ('fetching from remote server', 'response received') give way to
      // the one request line (kit logger.ts); its warnings of failed answers stay.
      disableRequestLogging: true,
      preHandler: (request, reply, done) => {
        if (!breaker.allow()) {
          reply.header('retry-after', String(breaker.retryAfterSeconds()))
          return done(unavailable())
        }
        request.proxiedTo = service
        done()
      },
      replyOptions: {
        rewriteHeaders: (headers) => {
          // Copied without them rather than deleted from a copy: `delete` turns the object into a slow one.
          const answered: typeof headers = {}
          for (const name in headers) if (!HOP_BY_HOP_HEADERS.has(name)) answered[name] = headers[name]
          // A service closes after a body it could not read (errors.ts); the client's connection follows.
          if (headers.connection === 'close') answered.connection = 'close'
          return answered
        },
        onError: (reply, { error }) => {
          reply.request.proxiedTo = null
          breaker.failure()
          reply.request.log.warn({ upstream: service, err: error }, 'upstream unreachable')
          // The client learns the request could not be served and when to retry, never which part failed.
          const failure = (error as { statusCode?: number }).statusCode === 504 ? timedOut() : unavailable()
          void reply
            .code(failure.statusCode)
            .header('retry-after', String(breaker.retryAfterSeconds()))
            .send({ message: failure.message, code: failure.code })
        },
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = {}
          for (const name in headers)
            if (!CLIENT_HEADERS_REMOVED.has(name) && !isClaimedAddress(name)) forwarded[name] = headers[name]
          // A SCIM client's bearer token is for auth to check (decision 064); no session speaks for it.
          const scim = request.routeRule?.access === 'scim'
          if (scim && typeof headers.authorization === 'string')
            forwarded.authorization = headers.authorization
          forwarded[IDENTITY_HEADER] = tokenFor(service, scim ? null : request.session)
          forwarded[REQUEST_ID_HEADER] = request.id // the client's own, if any, is replaced
          // One address, the one the gateway believes (trusted proxies only, never the client's say): services read
          // it as theirs (kit service.ts), auth throttles by it, and a service passes it on (client-address.ts).
          forwarded[CLIENT_ADDRESS_HEADER] = request.ip
          forwarded['x-forwarded-proto'] = request.protocol
          return forwarded
        },
      },
    })
  }
}
