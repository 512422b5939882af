import type { FastifyInstance } from 'fastify'
import fastifyHelmet from '@fastify/helmet'
import { AppError } from '@app/kit/errors'
import { BODY_LIMIT_BYTES } from '@app/kit/service'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const ACCEPTED_BODY_TYPES = /^(?:application\/json|multipart\/form-data)\b/i

export interface RequestSafetyOptions {
  /** Origins allowed to change state besides the request's own (PUBLIC_URL and ALLOWED_ORIGINS). */
  allowedOrigins: string[]
  https: boolean
}

/** Security headers, and the CSRF defence on state-changing requests (SameSite plus Origin checks). */
export async function registerRequestSafety(
  app: FastifyInstance,
  options: RequestSafetyOptions,
): Promise<void> {
  await app.register(fastifyHelmet, {
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
  })

  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
  app.addHook('onRequest', async (request) => {
    // Proxied bodies stream through unparsed; a declared oversize body is refused before any work.
    if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) {
      throw new AppError(413, 'GATEWAY_BODY_TOO_LARGE', 'Request body is too large')
    }
    if (!STATE_CHANGING.has(request.method)) return
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, 'GATEWAY_CROSS_SITE', 'Cross-site requests are not allowed')
    }
    const origin = request.headers.origin
    if (origin !== undefined) {
      // The request's own origin is the standard same-origin comparison; Host is never used to build links.
      const own = `${request.protocol}://${request.headers.host ?? ''}`
      if (origin !== own && !allowed.has(origin)) {
        throw new AppError(403, 'GATEWAY_CROSS_SITE', 'Cross-site requests are not allowed')
      }
    }
    const contentType = request.headers['content-type']
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
    if (hasBody && (contentType === undefined || !ACCEPTED_BODY_TYPES.test(contentType))) {
      throw new AppError(403, 'GATEWAY_BAD_CONTENT_TYPE', 'Request bodies must be JSON')
    }
  })
}
