import { decideRoute, findRoutePattern, paths } from '@app/domain/spa-routes'
import { lazy, useState, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { preloadCurrentUserSchema } from '../features/auth/api/get-me.ts'
import { AppLayout } from './layout/app-layout.tsx'

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
const ChangePasswordRoute = page(() => import('./routes/change-password.tsx'), 'ChangePasswordRoute')
const RequestAssessmentRoute = page(() => import('./routes/request-assessment.tsx'), 'RequestAssessmentRoute')
const HistoryRoute = page(() => import('./routes/history.tsx'), 'HistoryRoute')
const AssessmentRoute = page(() => import('./routes/assessment.tsx'), 'AssessmentRoute')
const ScoresRoute = page(() => import('./routes/scores.tsx'), 'ScoresRoute')
const AskRoute = page(() => import('./routes/ask.tsx'), 'AskRoute')
const CollaborateRoute = page(() => import('./routes/collaborate.tsx'), 'CollaborateRoute')
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute')

const pages: Partial<Record<string, Page>> = {
  [paths.login]: LoginRoute,
  [paths.loginSuccess]: LoginSuccessRoute,
  [paths.forgotPassword]: ForgotPasswordRoute,
  [paths.resetPassword]: ResetPasswordRoute,
  [paths.changePassword]: ChangePasswordRoute,
  [paths.requestAssessment]: RequestAssessmentRoute,
  [paths.history]: HistoryRoute,
  [paths.assessment]: AssessmentRoute,
  [paths.scores]: ScoresRoute,
  [paths.home]: AskRoute,
  [paths.askAi]: AskRoute,
  [paths.collaborate]: CollaborateRoute,
}

/**
 * Starts loading, before the first render, the code the first page needs: the page's chunk (the not-found
 * page for a path without one) and, on a signed-in page, the schema that reads the current user. They load
 * beside the session check instead of after it; a signed-out visitor is sent to /login and has loaded one
 * page too many.
 */
export function preloadFirstPage(pathname: string): void {
  const pattern = findRoutePattern(pathname)
  const Page = (pattern === null ? undefined : pages[pattern]) ?? NotFoundRoute
  // A failed preload is not an error yet: the route loads again when shown, and reports its own failure.
  Page.preload().catch(() => undefined)
  const signedOut = decideRoute(pathname, null)
  if ('allow' in signedOut && !signedOut.allow) preloadCurrentUserSchema()
}

/**
 * Only pages that exist are registered. Every other path, including guarded routes whose page arrives
 * later, reaches the catch-all: the layout's guard decides first, then the not-found page renders.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {Object.entries(pages).map(
          ([path, Page]) => Page && <Route key={path} path={path} element={<Page />} />,
        )}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
