import { decideRoute, findRoutePattern } from '@app/domain/spa-routes'
import { startEarlyGet } from '../lib/early-requests.ts'
import { pendingLogout } from '../lib/session-state.ts'
import { preloadModuleFiles } from './page-files.ts'
import { pageOfPattern, startModuleOf } from './route-pages.ts'
import { PAGE_MODULES_FOLDER, SIGNED_IN_MODULES } from './signed-in-modules.ts'

/**
 * The page's first script, before main.tsx: it imports no library, so it runs as soon as it arrives and
 * starts, beside the libraries chunk rather than after it has run, what the first page needs: how it starts
 * (the app, or the sign-in page's own start: docs/decisions/065-first-pages-without-zod.md), its chunk with
 * the chunks it imports, the session check, the header's logos and, on a signed-in page, the header's
 * buttons (docs/decisions/050-pages-start-beside-the-libraries.md). A signed-out visitor of a
 * signed-in page is then sent to /login and has loaded one page too many.
 */
function startFirstPage(pathname: string): void {
  // A logout still to be sent goes first (features/auth/api/fetch-me.ts); the session check then follows it.
  if (!pendingLogout.get()) startEarlyGet('/api/auth/me')
  // The header's logos, on every page. A page's own data waits for the session check: asked for earlier,
  // a signed-out visitor's or a guest's answer would be a refusal that nobody takes.
  startEarlyGet('/api/logos')
  const signedOut = decideRoute(pathname, null)
  const signedIn = 'allow' in signedOut && !signedOut.allow
  preloadModuleFiles([
    startModuleOf(pathname),
    `${PAGE_MODULES_FOLDER}${pageOfPattern(findRoutePattern(pathname)).module}`,
    ...(signedIn ? SIGNED_IN_MODULES : []),
  ])
}

startFirstPage(window.location.pathname)
