import type { FastifyInstance } from 'fastify'
import { AppError } from '@app/kit/errors'
import type { Role } from '@app/domain/roles'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { RouteMatcher, RouteRule } from '../route-table.ts'
import { enforceLimit } from './rate-limit.ts'

declare module 'fastify' {
  interface FastifyRequest {
    routeRule: RouteRule | null
  }
}

/** Paths whose meaning could differ between the gateway and a service: refused rather than interpreted. */
const AMBIGUOUS_PATH = /\/\/|\/\.{1,2}(?:\/|$)|%2e|%2f|%5c|\\|%00/i

function allows(rule: RouteRule, role: Role): boolean {
  if (rule.access === 'signed-in') return true
  return rule.access !== 'public' && rule.access.includes(role)
}

/** Enforces the route table on every `/api/*` request before anything is proxied. */
export function registerGuards(app: FastifyInstance, matcher: RouteMatcher, kv: KeyValueStore): void {
  app.decorateRequest('routeRule', null)
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?', 1)[0]!
    if (!pathname.startsWith('/api/') && pathname !== '/api') return
    if (AMBIGUOUS_PATH.test(pathname))
      throw new AppError(400, 'GATEWAY_MALFORMED_PATH', 'Malformed request path')
    const canonical = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
    const rule = matcher.match(request.method, canonical)
    if (!rule) {
      if (matcher.hasPath(canonical))
        throw new AppError(405, 'GATEWAY_METHOD_NOT_ALLOWED', 'Method not allowed')
      throw new AppError(404, 'GATEWAY_NOT_FOUND', `Route ${request.method} ${canonical} not found`)
    }
    request.routeRule = rule
    if (rule.perAddressLimit) {
      await enforceLimit(
        kv,
        `rate:address:${rule.method} ${rule.path}:${request.ip}`,
        rule.perAddressLimit,
        'minutes',
      )
    }
    if (rule.access === 'public') return
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
