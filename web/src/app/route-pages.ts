import { findRoutePattern, paths } from '@app/domain/spa-routes'
import { pendingLogout } from '../lib/session-state.ts'
import { APP_START_MODULE, SIGN_IN_START_MODULE } from './signed-in-modules.ts'

/**
 * The page each route pattern of the shared table shows: the module under app/routes/ (one chunk a page)
 * and the component it exports. Plain data, read by the router, which renders the pages, and by
 * first-page.ts, which starts the first page's files before any library has run
 * (docs/decisions/050-pages-start-beside-the-libraries.md). A pattern not listed shows the not-found page.
 */
/** The administrator's pages share one lazy chunk (app/routes/admin-area.tsx). */
const ADMIN_AREA = { module: 'admin-area', component: 'AdminAreaRoute' }

export const routePages: Partial<Record<string, { module: string; component: string }>> = {
  [paths.login]: { module: 'login', component: 'LoginRoute' },
  [paths.loginSuccess]: { module: 'login-success', component: 'LoginSuccessRoute' },
  [paths.forgotPassword]: { module: 'forgot-password', component: 'ForgotPasswordRoute' },
  [paths.resetPassword]: { module: 'reset-password', component: 'ResetPasswordRoute' },
  [paths.confirmEmail]: { module: 'reset-password', component: 'ConfirmEmailRoute' },
  [paths.changePassword]: { module: 'change-password', component: 'ChangePasswordRoute' },
  [paths.deleteAccount]: { module: 'change-password', component: 'DeleteAccountRoute' },
  [paths.requestAssessment]: { module: 'request-assessment', component: 'RequestAssessmentRoute' },
  [paths.history]: { module: 'history', component: 'HistoryRoute' },
  [paths.assessment]: { module: 'assessment', component: 'AssessmentRoute' },
  [paths.scores]: { module: 'scores', component: 'ScoresRoute' },
  [paths.home]: { module: 'ask', component: 'AskRoute' },
  [paths.askAi]: { module: 'ask', component: 'AskRoute' },
  [paths.collaborate]: { module: 'collaborate', component: 'CollaborateRoute' },
  [paths.teams]: { module: 'teams', component: 'TeamsRoute' },
  [paths.shareProfile]: { module: 'share-profile', component: 'ShareProfileRoute' },
  [paths.invite]: { module: 'invite', component: 'InviteRoute' },
  [paths.adminImport]: ADMIN_AREA,
  [paths.adminSimpleImport]: ADMIN_AREA,
  [paths.adminUsers]: ADMIN_AREA,
  [paths.adminUserManagement]: ADMIN_AREA,
  [paths.adminAudit]: ADMIN_AREA,
}

export const NOT_FOUND_PAGE = { module: 'not-found', component: 'NotFoundRoute' }

/** The page a path opens, matched as the router matches it (findRoutePattern). */
export function pageOfPattern(pattern: string | null): { module: string; component: string } {
  return (pattern === null ? undefined : routePages[pattern]) ?? NOT_FOUND_PAGE
}

/**
 * How a page load starts: /login on the sign-in page's own small start, unless a logout is still to be sent
 * (the app sends it first); every other page on the app (docs/decisions/065-first-pages-without-zod.md).
 */
export function startModuleOf(pathname: string): typeof APP_START_MODULE | typeof SIGN_IN_START_MODULE {
  const signInPage = pageOfPattern(findRoutePattern(pathname)).module === routePages[paths.login]?.module
  return signInPage && !pendingLogout.get() ? SIGN_IN_START_MODULE : APP_START_MODULE
}
