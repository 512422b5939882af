import { apiRoutes, type Access, type AddressLimitName, type HttpMethod } from '@app/contracts/api'
import { BODY_LIMIT_BYTES } from '@app/kit/service'
import type { ServiceName } from './config.ts'

export type { Access, HttpMethod }

export interface RouteRule {
  method: HttpMethod
  /** Exact segments; `:name` matches one non-empty segment. */
  path: string
  access: Access
  /** 'gateway' routes are answered by the gateway itself; the others are proxied. */
  target: ServiceName | 'gateway'
  /** A session that must change its password may still call it (decision 033). */
  duringPasswordChange?: boolean
  /** A tighter limit per client address for this route, on top of the global one: the catalog row's. */
  perAddressLimit?: AddressLimitName
  /** A larger body limit than the default, in bytes (the imports); the service sets the same. */
  bodyLimit?: number
}

/** The most bytes a request to this row may send: its own limit, else the default of every route. */
export function bodyLimitOf(rule: RouteRule | null): number {
  return rule?.bodyLimit ?? BODY_LIMIT_BYTES
}

/**
 * Every API route the gateway lets through, read from the API catalog (`@app/contracts/api`) that
 * the services declare their own access from. A request matching no row is answered 404 before it reaches
 * a service, so a route exists only once the catalog has it.
 */
export const routeTable: readonly RouteRule[] = [
  ...apiRoutes.map((route) => ({
    method: route.method,
    path: route.path,
    access: route.access,
    target: route.target,
    ...(route.duringPasswordChange ? { duringPasswordChange: true } : {}),
    ...(route.perAddressLimit ? { perAddressLimit: route.perAddressLimit } : {}),
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
  })),
  // The API's own documentation: for administrators, and for anyone in development (`withOpenDocs`).
  { method: 'GET', path: '/api/docs', access: ['administrator'], target: 'gateway' },
  { method: 'GET', path: '/api/docs/openapi.json', access: ['administrator'], target: 'gateway' },
]

/** In development the documentation is open to anyone; elsewhere only to administrators. */
export function withOpenDocs(rules: readonly RouteRule[]): RouteRule[] {
  return rules.map((rule) => (rule.path.startsWith('/api/docs') ? { ...rule, access: 'public' } : rule))
}

interface CompiledRule extends RouteRule {
  segments: string[]
}

export interface RouteMatcher {
  match(method: string, pathname: string): RouteRule | null
  /** Whether some row has this path under another method (405 instead of 404). */
  hasPath(pathname: string): boolean
}

export function compileRouteTable(rules: readonly RouteRule[]): RouteMatcher {
  const compiled: CompiledRule[] = rules.map((rule) => ({
    ...rule,
    segments: rule.path.toLowerCase().split('/'),
  }))
  // Letter case does not change the decision: `/API/CONFIG` gets the row of `/api/config` (docs/security.md 18).
  const matches = (rule: CompiledRule, parts: string[]) =>
    rule.segments.length === parts.length &&
    rule.segments.every((segment, index) =>
      segment.startsWith(':') ? parts[index] !== '' : segment === parts[index]!.toLowerCase(),
    )
  // Rows grouped by method and number of segments: a request compares itself with a handful of rows, not all.
  const byShape = new Map<string, CompiledRule[]>()
  for (const rule of compiled) {
    const shape = `${rule.method} ${rule.segments.length}`
    byShape.set(shape, [...(byShape.get(shape) ?? []), rule])
  }
  const matchRow = (verb: string, pathname: string) => {
    const parts = pathname.split('/')
    return byShape.get(`${verb} ${parts.length}`)?.find((rule) => matches(rule, parts)) ?? null
  }
  // Most requests name a row without parameters: found by one lookup of the lower-case path. Only rows that the
  // walk above would pick for their own path are kept, so both ways give the same row.
  const exact = new Map<string, Map<string, RouteRule>>()
  for (const rule of compiled) {
    if (rule.segments.some((segment) => segment.startsWith(':'))) continue
    const path = rule.segments.join('/')
    if (matchRow(rule.method, path) !== rule) continue
    const byPath = exact.get(rule.method) ?? new Map<string, RouteRule>()
    byPath.set(path, rule)
    exact.set(rule.method, byPath)
  }
  return {
    match(method, pathname) {
      const verb = method === 'HEAD' ? 'GET' : method
      return exact.get(verb)?.get(pathname.toLowerCase()) ?? matchRow(verb, pathname)
    },
    hasPath(pathname) {
      const parts = pathname.split('/')
      return compiled.some((rule) => matches(rule, parts))
    },
  }
}

/** The static part of a row's path up to its first parameter: what the proxy registers for its service. */
export function proxyPrefix(rule: RouteRule): string {
  const segments = rule.path.split('/')
  const firstParameter = segments.findIndex((segment) => segment.startsWith(':'))
  return (firstParameter === -1 ? segments : segments.slice(0, firstParameter)).join('/')
}
