import { decideRoute, findRoutePattern } from '@app/domain/spa-routes'
import { startEarlyGet } from '../lib/early-requests.ts'
import { pendingLogout } from '../lib/session-state.ts'
import { pageChunkOfPattern, pageLoaders } from './page-loaders.ts'

/**
 * The page's first script, before main.tsx: it imports no library, so it runs as soon as it arrives and
 * starts, beside the libraries chunk rather than after it has run, what the first page needs: its chunk,
 * the session check and, on a signed-in page, the current user's schema and the header's buttons
 * (docs/decisions/050-pages-start-beside-the-libraries.md). A signed-out visitor of a signed-in page is then
 * sent to /login and has loaded one page too many.
 */
function startFirstPage(pathname: string): void {
  const pattern = findRoutePattern(pathname)
  const chunk = (pattern === null ? undefined : pageChunkOfPattern[pattern]) ?? 'notFound'
  // A failed load is not an error yet: the route loads again when shown, and reports its own failure.
  pageLoaders[chunk]().catch(() => undefined)
  // A logout still to be sent goes first (features/auth/api/get-me.ts); the session check then follows it.
  if (!pendingLogout.get()) startEarlyGet('/api/auth/me')
  const signedOut = decideRoute(pathname, null)
  if ('allow' in signedOut && !signedOut.allow) {
    import('../features/auth/api/current-user-schema.ts').catch(() => undefined)
    import('./layout/main-navigation.tsx').catch(() => undefined) // the header's page buttons
    import('./layout/account-controls.tsx').catch(() => undefined) // and its Logout button
  }
}

startFirstPage(window.location.pathname)
