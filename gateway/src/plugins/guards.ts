import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '@app/kit/errors'
import type { Role } from '@app/domain/roles'
import { routeOf } from '../request-route.ts'
import type { RouteMatcher, RouteRule } from '../route-table.ts'
import { settle, type RateLimits } from './rate-limit.ts'

declare module 'fastify' {
  interface FastifyRequest {
    routeRule: RouteRule | null
  }
}

function allows(rule: RouteRule, role: Role): boolean {
  if (rule.access === 'signed-in') return true
  return Array.isArray(rule.access) && rule.access.includes(role)
}

/** Whether the session may call the row: refused with the reason, or nothing. */
function refusalOf(rule: RouteRule, request: FastifyRequest): AppError | undefined {
  // A SCIM client has no session: auth checks its bearer token (decision 064).
  if (rule.access === 'public' || rule.access === 'scim') return undefined
  const session = request.session
  if (!session) return new AppError(401, 'GATEWAY_UNAUTHENTICATED', 'Please log in to continue')
  if (session.mustChangePassword && !rule.duringPasswordChange) {
    return new AppError(
      403,
      'GATEWAY_PASSWORD_CHANGE_REQUIRED',
      'You must change your password before continuing',
    )
  }
  if (!allows(rule, session.role))
    return new AppError(403, 'GATEWAY_FORBIDDEN', 'You do not have access to this resource')
  return undefined
}

/** Internal routes are for services only: from outside they do not exist, however the path is spelled. */
const INTERNAL_PATH = /^\/internal(?:\/|$)/i

/**
 * Enforces the route table on every `/api/*` request before anything is proxied. It decides on the canonical
 * path, the one Fastify routed on (`rewriteUrl`) and the proxy forwards, never on the raw request line.
 */
export function registerGuards(app: FastifyInstance, matcher: RouteMatcher, limits: RateLimits): void {
  app.decorateRequest('routeRule', null)
  // A callback hook: a promise only where a row's own limit is counted in Redis.
  app.addHook('onRequest', (request, reply, done) => {
    // A target without a canonical form was routed nowhere by `rewriteUrl`: refused here, whatever it names.
    const route = routeOf(request.raw)
    if (!route.ok) return done(new AppError(400, 'GATEWAY_MALFORMED_PATH', 'Malformed request path'))
    if (!route.api) {
      if (INTERNAL_PATH.test(route.path)) return done(new AppError(404, 'GATEWAY_NOT_FOUND', 'Not found'))
      return done()
    }
    const { rule, path: canonical } = route
    if (!rule) {
      if (matcher.hasPath(canonical))
        return done(new AppError(405, 'GATEWAY_METHOD_NOT_ALLOWED', 'Method not allowed'))
      return done(new AppError(404, 'GATEWAY_NOT_FOUND', `Route ${request.method} ${canonical} not found`))
    }
    request.routeRule = rule
    const limited = limits.enforceRouteLimit(rule, request, reply)
    if (limited === undefined) return done(refusalOf(rule, request))
    settle(limited, (error) => done(error ?? refusalOf(rule, request)))
  })
}
