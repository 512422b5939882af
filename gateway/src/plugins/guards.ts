import type { FastifyInstance } from 'fastify'
import { AppError } from '@app/kit/errors'
import type { Role } from '@app/domain/roles'
import { routeOf } from '../request-route.ts'
import type { RouteMatcher, RouteRule } from '../route-table.ts'
import type { RateLimits } from './rate-limit.ts'

declare module 'fastify' {
  interface FastifyRequest {
    routeRule: RouteRule | null
  }
}

function allows(rule: RouteRule, role: Role): boolean {
  if (rule.access === 'signed-in') return true
  return Array.isArray(rule.access) && rule.access.includes(role)
}

/**
 * Enforces the route table on every `/api/*` request before anything is proxied. It decides on the canonical
 * path, the one Fastify routed on (`rewriteUrl`) and the proxy forwards, never on the raw request line.
 */
export function registerGuards(app: FastifyInstance, matcher: RouteMatcher, limits: RateLimits): void {
  app.decorateRequest('routeRule', null)
  app.addHook('onRequest', async (request, reply) => {
    // A target without a canonical form was routed nowhere by `rewriteUrl`: refused here, whatever it names.
    const route = routeOf(request.raw)
    if (!route.ok) throw new AppError(400, 'GATEWAY_MALFORMED_PATH', 'Malformed request path')
    if (!route.api) return
    const { rule, path: canonical } = route
    if (!rule) {
      if (matcher.hasPath(canonical))
        throw new AppError(405, 'GATEWAY_METHOD_NOT_ALLOWED', 'Method not allowed')
      throw new AppError(404, 'GATEWAY_NOT_FOUND', `Route ${request.method} ${canonical} not found`)
    }
    request.routeRule = rule
    await limits.enforceRouteLimit(rule, request, reply)
    // A SCIM client has no session: auth checks its bearer token (decision 064).
    if (rule.access === 'public' || rule.access === 'scim') return
    const session = request.session
    if (!session) throw new AppError(401, 'GATEWAY_UNAUTHENTICATED', 'Please log in to continue')
    if (session.mustChangePassword && !rule.duringPasswordChange) {
      throw new AppError(
        403,
        'GATEWAY_PASSWORD_CHANGE_REQUIRED',
        'You must change your password before continuing',
      )
    }
    if (!allows(rule, session.role))
      throw new AppError(403, 'GATEWAY_FORBIDDEN', 'You do not have access to this resource')
  })
}
