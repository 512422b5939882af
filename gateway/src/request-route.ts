import type { IncomingMessage } from 'node:http'
import { canonicalTarget, isApiPath, UNROUTABLE_PATH } from './canonical-url.ts'
import type { RouteMatcher, RouteRule } from './route-table.ts'

/**
 * What the gateway reads from a request's target, once: its canonical form and, for `/api` paths, the row of
 * the route table it matches. Fastify's `rewriteUrl` computes it before routing; the body limit, the guards
 * and the rate limits read it from there instead of parsing and matching again (docs/security.md 18: every
 * one of them decides on the same canonical path).
 */
export type RequestRoute =
  | { ok: false }
  | { ok: true; path: string; api: false }
  | { ok: true; path: string; api: true; rule: RouteRule | null }

const ROUTE = Symbol('request route')
type RoutedMessage = IncomingMessage & { [ROUTE]?: RequestRoute }

export function createRequestRouting(matcher: RouteMatcher) {
  return {
    /** For Fastify's `rewriteUrl`: the canonical target, or a path no route matches when there is none. */
    rewriteUrl(raw: IncomingMessage): string {
      const target = canonicalTarget(raw.url ?? '/')
      let route: RequestRoute
      if (!target.ok) route = { ok: false }
      else if (!isApiPath(target.path)) route = { ok: true, path: target.path, api: false }
      else
        route = {
          ok: true,
          path: target.path,
          api: true,
          rule: matcher.match(raw.method ?? 'GET', target.path),
        }
      ;(raw as RoutedMessage)[ROUTE] = route
      return target.ok ? target.url : UNROUTABLE_PATH
    },
  }
}

/** The route `rewriteUrl` recorded for this request. */
export function routeOf(raw: IncomingMessage): RequestRoute {
  return (raw as RoutedMessage)[ROUTE] ?? { ok: false }
}
