import { decideRoute, findRoutePattern, paths, routePatterns } from '@app/domain/spa-routes'
import { lazy, useState, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { preloadCurrentUserSchema } from '../features/auth/api/get-me.ts'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteGuard } from './route-guard.tsx'

type Page = ComponentType & { preload: () => Promise<unknown> }

/**
 * Each page is its own chunk, so a page loads only what it uses. The chunk loads when the route is first
 * shown, or earlier through `preload` (the first page, alongside the session check). A page whose chunk is
 * already there renders at once, without a Suspense fallback in between.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): Page {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = undefined // a failed load (offline) is tried again next time
        throw error
      },
    )
    return loading
  }
  const LazyPage = lazy(async () => ({ default: await preload() }))
  function PageComponent() {
    // Chosen once per mount, so a page shown through LazyPage is never remounted when its chunk arrives.
    const [Component] = useState<ComponentType>(() => loaded ?? LazyPage)
    return <Component />
  }
  return Object.assign(PageComponent, { preload })
}

const LoginRoute = page(() => import('./routes/login.tsx'), 'LoginRoute')
const LoginSuccessRoute = page(() => import('./routes/login-success.tsx'), 'LoginSuccessRoute')
const ForgotPasswordRoute = page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordRoute')
const ResetPasswordRoute = page(() => import('./routes/reset-password.tsx'), 'ResetPasswordRoute')
const ConfirmEmailRoute = page(() => import('./routes/reset-password.tsx'), 'ConfirmEmailRoute')
const ChangePasswordRoute = page(() => import('./routes/change-password.tsx'), 'ChangePasswordRoute')
const RequestAssessmentRoute = page(() => import('./routes/request-assessment.tsx'), 'RequestAssessmentRoute')
const HistoryRoute = page(() => import('./routes/history.tsx'), 'HistoryRoute')
const AssessmentRoute = page(() => import('./routes/assessment.tsx'), 'AssessmentRoute')
const ScoresRoute = page(() => import('./routes/scores.tsx'), 'ScoresRoute')
const AskRoute = page(() => import('./routes/ask.tsx'), 'AskRoute')
const CollaborateRoute = page(() => import('./routes/collaborate.tsx'), 'CollaborateRoute')
const ShareProfileRoute = page(() => import('./routes/share-profile.tsx'), 'ShareProfileRoute')
const InviteRoute = page(() => import('./routes/invite.tsx'), 'InviteRoute')
const AdminAreaRoute = page(() => import('./routes/admin-area.tsx'), 'AdminAreaRoute')
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute')

const pages: Partial<Record<string, Page>> = {
  [paths.login]: LoginRoute,
  [paths.loginSuccess]: LoginSuccessRoute,
  [paths.forgotPassword]: ForgotPasswordRoute,
  [paths.resetPassword]: ResetPasswordRoute,
  [paths.confirmEmail]: ConfirmEmailRoute,
  [paths.changePassword]: ChangePasswordRoute,
  [paths.requestAssessment]: RequestAssessmentRoute,
  [paths.history]: HistoryRoute,
  [paths.assessment]: AssessmentRoute,
  [paths.scores]: ScoresRoute,
  [paths.home]: AskRoute,
  [paths.askAi]: AskRoute,
  [paths.collaborate]: CollaborateRoute,
  [paths.shareProfile]: ShareProfileRoute,
  [paths.invite]: InviteRoute,
  [paths.adminImport]: AdminAreaRoute,
  [paths.adminSimpleImport]: AdminAreaRoute,
  [paths.adminUsers]: AdminAreaRoute,
  [paths.adminUserManagement]: AdminAreaRoute,
}

/**
 * Starts loading, before the first render, the code the first page needs: the page's chunk (the not-found
 * page for a path without one) and, on a signed-in page, the schema that reads the current user and the
 * header's page buttons. They load
 * beside the session check instead of after it; a signed-out visitor is sent to /login and has loaded one
 * page too many.
 */
export function preloadFirstPage(pathname: string): void {
  const pattern = findRoutePattern(pathname)
  const Page = (pattern === null ? undefined : pages[pattern]) ?? NotFoundRoute
  // A failed preload is not an error yet: the route loads again when shown, and reports its own failure.
  Page.preload().catch(() => undefined)
  const signedOut = decideRoute(pathname, null)
  if ('allow' in signedOut && !signedOut.allow) {
    preloadCurrentUserSchema()
    import('./layout/main-navigation.tsx').catch(() => undefined) // the header's page buttons
    import('./layout/account-controls.tsx').catch(() => undefined) // and its Logout button
  }
}

/**
 * Every route of the shared table is registered, and each is guarded for the pattern the router matched
 * it by, so the guard and the router cannot disagree about a path (its letter case, a trailing slash).
 * A guarded route whose page arrives later shows the not-found page once the guard lets it through;
 * every other path reaches the catch-all.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routePatterns.map((pattern) => {
          const Page = pages[pattern] ?? NotFoundRoute
          return (
            <Route
              key={pattern}
              path={pattern}
              element={
                <RouteGuard pattern={pattern}>
                  <Page />
                </RouteGuard>
              }
            />
          )
        })}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
