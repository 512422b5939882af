import { decideRoute, findRoutePattern, paths } from '@app/domain/spa-routes'
import { lazy, Suspense } from 'react'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { Logo } from '../../components/ui/logo.tsx'
import { useAppServices } from '../../lib/app-services.tsx'
import { displayName } from '../../lib/display-name.ts'
import { SisterLogos } from './sister-logos.tsx'

// The page buttons, their phone menu and the Logout button load beside the first signed-in page, never on the
// sign-in page, whose script budget they would take (docs/decisions/009-forms-and-the-first-page.md).
const MainNavigation = lazy(async () => ({
  default: (await import('./main-navigation.tsx')).MainNavigation,
}))
const AccountControls = lazy(async () => ({
  default: (await import('./account-controls.tsx')).AccountControls,
}))

export function AppHeader() {
  const services = useAppServices()
  const { pathname } = services.useLocation()
  const me = services.useSession()
  const user = me.data ?? null
  const current = findRoutePattern(pathname)
  const signedOutDecision = decideRoute(pathname, null)
  // On a signed-in page the header keeps the room of its buttons while the session is checked, so the page
  // below does not move down when they arrive (a layout shift).
  const holdRoom = me.isPending && 'allow' in signedOutDecision && !signedOutDecision.allow

  return (
    <header className="relative z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* One row from md up. Below md the sister-company logos take a second row under the product mark, the
          Menu and Logout: on a phone the three fit side by side, at 320 px too, without touching. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-4 sm:px-6 md:flex-nowrap lg:gap-x-8 lg:px-8">
        <Link
          to={paths.home}
          className="flex shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <Logo nameFrom="sm" />
        </Link>
        <SisterLogos className="order-last basis-full md:order-none md:basis-auto md:shrink-0" />
        {/* A session that must change its password may do nothing else, so it gets no page buttons. Until
            they load, the row keeps its height: the Menu button and the buttons are no taller than the
            account block. */}
        {user && !user.mustChangePassword && (
          <Suspense fallback={null}>
            <MainNavigation role={user.role} current={current} />
          </Suspense>
        )}
        <div className="ml-auto flex shrink-0 grow items-center justify-end lg:grow-0">
          {user ? (
            <Suspense fallback={<AccountRoom />}>
              <AccountControls name={displayName(user)} />
            </Suspense>
          ) : holdRoom ? (
            <AccountRoom />
          ) : me.isPending ? null : (
            <Link to={paths.login} className={buttonClasses('primary', 'sm')}>
              Login
            </Link>
          )}
        </div>
      </div>
    </header>
  )
}

/**
 * The room of the account block, kept while the session is checked or the block loads (no layout shift). It
 * is a loading status, like the page's spinner, though nothing of it shows.
 */
function AccountRoom() {
  return (
    <div role="status" aria-label="Loading" className="invisible flex flex-col items-end gap-0.5">
      <span className={buttonClasses('secondary', 'sm')}>
        <span className="size-4" />
        Logout
      </span>
      <span className="text-xs">&nbsp;</span>
    </div>
  )
}
