import { GUEST_ROLES, type Role } from './roles.ts'

/**
 * The spec's SPA route table (accounts-and-access section 2 and 6), shared by the web app and the gateway.
 * `guestAccess` lists which guest roles may open a signed-in route; administrators are exempt.
 */
export const paths = {
  home: '/',
  askAi: '/ask-ai',
  login: '/login',
  loginSuccess: '/login-success',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  changePassword: '/change-password',
  deleteAccount: '/delete-account',
  invite: '/invite/:token',
  history: '/history',
  scores: '/scores',
  assessment: '/assessment',
  requestAssessment: '/request-assessment',
  shareProfile: '/share-profile',
  collaborate: '/collaborate',
  teams: '/teams',
  adminImport: '/admin/import',
  adminSimpleImport: '/admin/simple-import',
  adminUsers: '/admin/users',
  adminUserManagement: '/admin/user-management',
  adminAudit: '/admin/audit',
} as const

type Access =
  | { kind: 'public' }
  | { kind: 'signed-in'; guests: readonly Role[] }
  | { kind: 'administrator'; otherwise: '/' | '/login' }

const routeAccess: Record<string, Access> = {
  [paths.login]: { kind: 'public' },
  [paths.loginSuccess]: { kind: 'public' },
  [paths.forgotPassword]: { kind: 'public' },
  [paths.resetPassword]: { kind: 'public' },
  [paths.confirmEmail]: { kind: 'public' },
  [paths.invite]: { kind: 'public' },
  [paths.home]: { kind: 'signed-in', guests: GUEST_ROLES },
  // A session that must change its password is sent here, whatever its role.
  [paths.changePassword]: { kind: 'signed-in', guests: GUEST_ROLES },
  // A mailed link that confirms the deletion of the signed-in account (docs/decisions/066-deletion-link.md).
  [paths.deleteAccount]: { kind: 'signed-in', guests: GUEST_ROLES },
  [paths.history]: { kind: 'signed-in', guests: ['guest_owner'] },
  [paths.collaborate]: { kind: 'signed-in', guests: ['guest_owner'] },
  // Saved teams (docs/decisions/058-saved-teams.md): for those who save profiles, not guests.
  [paths.teams]: { kind: 'signed-in', guests: [] },
  [paths.shareProfile]: { kind: 'signed-in', guests: ['guest_owner'] },
  [paths.askAi]: { kind: 'signed-in', guests: [] },
  [paths.scores]: { kind: 'signed-in', guests: [] },
  [paths.assessment]: { kind: 'signed-in', guests: [] },
  [paths.requestAssessment]: { kind: 'signed-in', guests: [] },
  [paths.adminImport]: { kind: 'administrator', otherwise: '/' },
  [paths.adminSimpleImport]: { kind: 'administrator', otherwise: '/' },
  [paths.adminUsers]: { kind: 'administrator', otherwise: '/login' },
  [paths.adminUserManagement]: { kind: 'administrator', otherwise: '/login' },
  [paths.adminAudit]: { kind: 'administrator', otherwise: '/login' },
}

export type RouteDecision = { allow: true } | { allow: false; redirectTo: string } | { notFound: true }

/** Every route of the table, as patterns the router registers (react-router path syntax). */
export const routePatterns: readonly string[] = Object.keys(routeAccess)

/**
 * A path segment as the router reads it: percent-decoded (react-router decodes the path before matching),
 * and compared without regard to case (react-router's default, `caseSensitive: false`).
 */
function segmentKey(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return segment.toLowerCase()
  }
}

function matchPattern(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/')
  const pathParts = pathname.split('/')
  if (patternParts.length !== pathParts.length) return false
  return patternParts.every((part, index) =>
    part.startsWith(':') ? pathParts[index] !== '' : part === segmentKey(pathParts[index]!),
  )
}

/**
 * The route pattern a path opens, matched the way the router matches it: any letter case, trailing
 * slashes ignored, percent-encoding decoded. Null for a path the table does not know (not found).
 */
export function findRoutePattern(pathname: string): string | null {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
  return routePatterns.find((pattern) => matchPattern(pattern, normalised)) ?? null
}

/** What the SPA does for a route pattern of the table (as the router matched it): `role` null means signed out. */
export function decidePattern(pattern: string, role: Role | null): RouteDecision {
  const access = routeAccess[pattern]
  if (access === undefined) return { notFound: true }
  if (access.kind === 'public') return { allow: true }
  if (role === null) return { allow: false, redirectTo: paths.login }
  if (access.kind === 'administrator') {
    return role === 'administrator' ? { allow: true } : { allow: false, redirectTo: access.otherwise }
  }
  if ((role === 'guest_owner' || role === 'guest_standard') && !access.guests.includes(role)) {
    return { allow: false, redirectTo: paths.home }
  }
  return { allow: true }
}

/** What the SPA does for a path: `role` null means signed out. */
export function decideRoute(pathname: string, role: Role | null): RouteDecision {
  const pattern = findRoutePattern(pathname)
  return pattern === null ? { notFound: true } : decidePattern(pattern, role)
}

/**
 * Whether a signed-in user of this role may open the path without being sent elsewhere: a page offers a
 * link or button only when this holds, so that nobody is offered a way that bounces them back.
 */
export function mayOpen(pathname: string, role: Role): boolean {
  const decision = decideRoute(pathname, role)
  return 'allow' in decision && decision.allow
}

/** The query parameter of the Ask page naming the owner whose shared profile it opens with. */
export const ASK_ABOUT_OWNER_PARAM = 'owner'

/** Where accepting an invitation leads, whatever the role: the Ask page with the shared profile found. */
export function askAboutOwnerPath(ownerId: number): string {
  return `${paths.home}?${ASK_ABOUT_OWNER_PARAM}=${ownerId}`
}
