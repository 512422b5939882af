import type { Role } from '@app/domain/roles'
import type { ServiceName } from './config.ts'
import type { AddressLimitName } from './plugins/rate-limit.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signed-in' | readonly Role[]

export interface RouteRule {
  method: HttpMethod
  /** Exact segments; `:name` matches one non-empty segment. */
  path: string
  access: Access
  /** 'gateway' routes are answered by the gateway itself; the others are proxied. */
  target: ServiceName | 'gateway'
  /** A session that must change its password may still call it (DESIGN.md decision 3). */
  duringPasswordChange?: boolean
  /** A tighter limit per client address for this route, on top of the global one (the service limits per account). */
  perAddressLimit?: AddressLimitName
}

// The numbers are CREDENTIAL_RATE_LIMIT_MAX and _WINDOW_MS in the config; the auth service also limits each account.
const CREDENTIAL_LIMIT = 'credentials'
const ADMINISTRATOR = ['administrator'] as const

/**
 * Every API route the gateway lets through. A request matching no row is answered 404 before it reaches
 * a service, so a route exists only once it has a row here; each feature adds its rows.
 */
export const routeTable: readonly RouteRule[] = [
  { method: 'GET', path: '/api/health', access: 'public', target: 'gateway' },
  { method: 'GET', path: '/api/config', access: 'signed-in', target: 'gateway', duringPasswordChange: true },
  // Accounts and access (accounts-and-access sections 2-9)
  {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    target: 'auth',
    perAddressLimit: CREDENTIAL_LIMIT,
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'signed-in',
    target: 'auth',
    duringPasswordChange: true,
  },
  { method: 'GET', path: '/api/auth/me', access: 'signed-in', target: 'auth', duringPasswordChange: true },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'signed-in',
    target: 'auth',
    duringPasswordChange: true,
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    target: 'auth',
    perAddressLimit: CREDENTIAL_LIMIT,
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/:token',
    access: 'public',
    target: 'auth',
    perAddressLimit: CREDENTIAL_LIMIT,
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    target: 'auth',
    perAddressLimit: CREDENTIAL_LIMIT,
  },
  { method: 'GET', path: '/api/auth/initial-password', access: 'signed-in', target: 'auth' },
  { method: 'POST', path: '/api/auth/register', access: ADMINISTRATOR, target: 'auth' },
  { method: 'GET', path: '/api/admin/users', access: ADMINISTRATOR, target: 'auth' },
  { method: 'GET', path: '/api/admin/guest-users', access: ADMINISTRATOR, target: 'auth' },
  { method: 'GET', path: '/api/admin/user/:id', access: ADMINISTRATOR, target: 'auth' },
  { method: 'PUT', path: '/api/admin/user/:id', access: ADMINISTRATOR, target: 'auth' },
  // Assessments and profiles (assessments-and-advice sections 2-5); guests only view, so they do not save.
  { method: 'POST', path: '/api/assessments', access: ['administrator', 'standard'], target: 'profiles' },
  { method: 'GET', path: '/api/assessments', access: 'signed-in', target: 'profiles' },
  { method: 'GET', path: '/api/accessible-profiles', access: 'signed-in', target: 'profiles' },
  { method: 'GET', path: '/api/all-profiles', access: 'signed-in', target: 'profiles' },
  { method: 'GET', path: '/api/profiles/search', access: 'signed-in', target: 'profiles' },
]

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
  // Letter case does not change the decision: `/API/CONFIG` gets the row of `/api/config` (SECURITY.md 18).
  const matches = (rule: CompiledRule, parts: string[]) =>
    rule.segments.length === parts.length &&
    rule.segments.every((segment, index) =>
      segment.startsWith(':') ? parts[index] !== '' : segment === parts[index]!.toLowerCase(),
    )
  return {
    match(method, pathname) {
      const parts = pathname.split('/')
      const verb = method === 'HEAD' ? 'GET' : method
      return compiled.find((rule) => rule.method === verb && matches(rule, parts)) ?? null
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
