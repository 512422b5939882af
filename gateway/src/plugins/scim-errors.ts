import type { FastifyInstance } from 'fastify'
import { SCIM_ERROR_SCHEMA, SCIM_MEDIA_TYPE } from '@app/contracts/scim'
import { isScimPath } from '../canonical-url.ts'

/**
 * The gateway's own refusals under `/scim/` (no such route, too large, too many requests, a service down) in
 * SCIM's error shape (RFC 7644 section 3.12), as the service's are: a SCIM client reads one format
 * (docs/decisions/064-scim-provisioning.md). Registered before compression, so it sees the text it rewrites.
 */
export function registerScimErrors(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !isScimPath(request.url))
      return done(null, payload)
    let body: unknown
    try {
      body = JSON.parse(payload)
    } catch {
      return done(null, payload)
    }
    const { message, schemas } = (body ?? {}) as { message?: unknown; schemas?: unknown }
    if (schemas !== undefined || typeof message !== 'string') return done(null, payload)
    reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`)
    done(
      null,
      JSON.stringify({ schemas: [SCIM_ERROR_SCHEMA], status: String(reply.statusCode), detail: message }),
    )
  })
}
