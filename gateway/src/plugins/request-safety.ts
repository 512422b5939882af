import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { AppError } from '@app/kit/errors'
import { REQUEST_ID_HEADER } from '@app/kit/logger'
import { isScimPath } from '../canonical-url.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** JSON, SCIM's JSON (RFC 7644 section 3.1) and the imports' forms: a browser sends none cross-site unasked. */
const ACCEPTED_BODY_TYPES = /^(?:application\/(?:scim\+)?json|multipart\/form-data)\b/i

export interface RequestSafetyOptions {
  /** Origins allowed to change state besides the request's own (PUBLIC_URL and ALLOWED_ORIGINS). */
  allowedOrigins: string[]
  https: boolean
  /** The body limit of the route a request is for (the default, or the route table row's own). */
  bodyLimitOf: (request: FastifyRequest) => number
}

/** helmet's headers depend only on its options, so they are computed once rather than on every request. */
function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  helmet(options)({} as never, response as never, () => undefined)
  return headers
}

/** Security headers, and the CSRF defence on state-changing requests (SameSite plus Origin checks). */
export function registerRequestSafety(app: FastifyInstance, options: RequestSafetyOptions): void {
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Score bars set their widths through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  }

  const pageHeaders = computeHelmetHeaders(helmetOptions)
  // JSON answers are never rendered as pages, so they carry the short API set (OWASP REST Security):
  // fewer bytes on every call, the same protection.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(pageHeaders['strict-transport-security']
      ? { 'strict-transport-security': pageHeaders['strict-transport-security'] }
      : {}),
  }

  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
  // A callback hook: every check is synchronous, and this runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer names its request, so a user reporting a failure can quote the id the logs carry.
    reply.header(REQUEST_ID_HEADER, request.id)
    reply.headers(request.url.startsWith('/api/') || isScimPath(request.url) ? apiHeaders : pageHeaders)
    done(refusalOf(request, options.bodyLimitOf(request), allowed))
  })
}

/** Why a request is refused before any work is done for it, or nothing. */
function refusalOf(request: FastifyRequest, bodyLimit: number, allowed: Set<string>): AppError | undefined {
  // Proxied bodies stream through unparsed; a declared oversize body is refused before any work.
  if (Number(request.headers['content-length'] ?? 0) > bodyLimit) {
    return new AppError(413, 'GATEWAY_BODY_TOO_LARGE', 'Request body is too large')
  }
  // No route takes a compressed body, so none is decompressed here (compression.ts): one is refused whole.
  const encoding = request.headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return new AppError(415, 'GATEWAY_UNSUPPORTED_CONTENT_ENCODING', 'Request bodies must not be compressed')
  }
  if (!STATE_CHANGING.has(request.method)) return undefined
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return new AppError(403, 'GATEWAY_CROSS_SITE', 'Cross-site requests are not allowed')
  }
  const origin = request.headers.origin
  if (origin !== undefined) {
    // The request's own origin is the standard same-origin comparison; Host is never used to build links.
    const own = `${request.protocol}://${request.headers.host ?? ''}`
    if (origin !== own && !allowed.has(origin)) {
      return new AppError(403, 'GATEWAY_CROSS_SITE', 'Cross-site requests are not allowed')
    }
  }
  const contentType = request.headers['content-type']
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  if (hasBody && (contentType === undefined || !ACCEPTED_BODY_TYPES.test(contentType))) {
    return new AppError(403, 'GATEWAY_BAD_CONTENT_TYPE', 'Request bodies must be JSON')
  }
  return undefined
}
