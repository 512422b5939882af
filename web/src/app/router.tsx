import { findRoutePattern, paths, routePatterns } from '@app/domain/spa-routes'
import { lazy, useState, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { AppLayout } from './layout/app-layout.tsx'
import { pageLoaders } from './page-loaders.ts'
import { RouteGuard } from './route-guard.tsx'

type Page = ComponentType & { preload: () => Promise<unknown> }

/**
 * Each page is its own chunk, so a page loads only what it uses. The chunk loads when the route is first
 * shown, or earlier: the first page's chunk starts before any library has run (first-page.ts). A page
 * whose chunk is already there renders at once, without a Suspense fallback in between.
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

const LoginRoute = page(pageLoaders.login, 'LoginRoute')
const LoginSuccessRoute = page(pageLoaders.loginSuccess, 'LoginSuccessRoute')
const ForgotPasswordRoute = page(pageLoaders.forgotPassword, 'ForgotPasswordRoute')
const ResetPasswordRoute = page(pageLoaders.resetPassword, 'ResetPasswordRoute')
const ConfirmEmailRoute = page(pageLoaders.resetPassword, 'ConfirmEmailRoute')
const ChangePasswordRoute = page(pageLoaders.changePassword, 'ChangePasswordRoute')
const RequestAssessmentRoute = page(pageLoaders.requestAssessment, 'RequestAssessmentRoute')
const HistoryRoute = page(pageLoaders.history, 'HistoryRoute')
const AssessmentRoute = page(pageLoaders.assessment, 'AssessmentRoute')
const ScoresRoute = page(pageLoaders.scores, 'ScoresRoute')
const AskRoute = page(pageLoaders.ask, 'AskRoute')
const CollaborateRoute = page(pageLoaders.collaborate, 'CollaborateRoute')
const ShareProfileRoute = page(pageLoaders.shareProfile, 'ShareProfileRoute')
const InviteRoute = page(pageLoaders.invite, 'InviteRoute')
const AdminAreaRoute = page(pageLoaders.adminArea, 'AdminAreaRoute')
const NotFoundRoute = page(pageLoaders.notFound, 'NotFoundRoute')

// The same patterns as pageChunkOfPattern (page-loaders.ts), with the component each renders.
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
 * The first page's chunk, already on its way (first-page.ts started it), is noted as its page's, so the
 * page renders straight away once it is there instead of through a Suspense fallback.
 */
export function preloadFirstPage(pathname: string): void {
  const pattern = findRoutePattern(pathname)
  const Page = (pattern === null ? undefined : pages[pattern]) ?? NotFoundRoute
  // A failed preload is not an error yet: the route loads again when shown, and reports its own failure.
  Page.preload().catch(() => undefined)
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
