import { findRoutePattern, routePatterns } from '@app/domain/spa-routes'
import { lazy, useState, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { AppLayout } from './layout/app-layout.tsx'
import { preloadModuleFiles } from './page-files.ts'
import { NOT_FOUND_PAGE, pageOfPattern } from './route-pages.ts'
import { PAGE_MODULES_FOLDER } from './signed-in-modules.ts'
import { RouteGuard } from './route-guard.tsx'

type Page = ComponentType & { preload: () => Promise<unknown> }

/**
 * Each page is its own chunk, so a page loads only what it uses. The chunk loads when the route is first
 * shown, or earlier: the first page's chunk starts before any library has run (first-page.ts). A page
 * whose chunk is already there renders at once, without a Suspense fallback in between.
 */
function page(load: () => Promise<Record<string, ComponentType>>, name: string): Page {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name]
        if (!loaded) throw new Error(`The page module exports no ${name}`)
        return loaded
      },
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

/** Every page module, each loaded as its own chunk when first shown. */
const pageLoaders: Record<string, () => Promise<Record<string, ComponentType>>> = {
  login: () => import('./routes/login.tsx'),
  'login-success': () => import('./routes/login-success.tsx'),
  'forgot-password': () => import('./routes/forgot-password.tsx'),
  'reset-password': () => import('./routes/reset-password.tsx'),
  'change-password': () => import('./routes/change-password.tsx'),
  'request-assessment': () => import('./routes/request-assessment.tsx'),
  history: () => import('./routes/history.tsx'),
  assessment: () => import('./routes/assessment.tsx'),
  scores: () => import('./routes/scores.tsx'),
  ask: () => import('./routes/ask.tsx'),
  collaborate: () => import('./routes/collaborate.tsx'),
  teams: () => import('./routes/teams.tsx'),
  'share-profile': () => import('./routes/share-profile.tsx'),
  invite: () => import('./routes/invite.tsx'),
  'admin-area': () => import('./routes/admin-area.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
}

const pagesByName = new Map<string, Page>()
/** One Page a component, so that every route showing it shares its loading state. */
function pageFor({ module, component }: { module: string; component: string }): Page {
  const key = `${module}#${component}`
  let found = pagesByName.get(key)
  if (!found) {
    const load = pageLoaders[module]
    if (!load) throw new Error(`No page module ${module}`)
    // The page's chunk and every chunk it imports start together (app/page-files.ts).
    found = page(() => {
      preloadModuleFiles([`${PAGE_MODULES_FOLDER}${module}`])
      return load()
    }, component)
    pagesByName.set(key, found)
  }
  return found
}

const NotFoundRoute = pageFor(NOT_FOUND_PAGE)

/**
 * The first page's chunk, already on its way (first-page.ts started it), is noted as its page's, so the
 * page renders straight away once it is there instead of through a Suspense fallback.
 */
export function preloadFirstPage(pathname: string): void {
  const Page = pageFor(pageOfPattern(findRoutePattern(pathname)))
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
          const Page = pageFor(pageOfPattern(pattern))
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
