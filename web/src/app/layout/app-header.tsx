import { decideRoute, findRoutePattern, paths } from '@app/domain/spa-routes'
import { lazy, Suspense } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { Logo } from '../../components/ui/logo.tsx'
import { useToast } from '../../components/ui/toast.tsx'
import { useMe } from '../../features/auth/api/get-me.ts'
import { logoutFailureMessage, useLogout } from '../../features/auth/api/logout.ts'
import { displayName } from '../../lib/display-name.ts'
import { SisterLogos } from './sister-logos.tsx'

// The page buttons and their phone menu load beside the first signed-in page, never on the sign-in page.
const MainNavigation = lazy(async () => ({
  default: (await import('./main-navigation.tsx')).MainNavigation,
}))

export function AppHeader() {
  const { pathname } = useLocation()
  const me = useMe()
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
            <AccountControls name={displayName(user)} />
          ) : holdRoom ? (
            <div aria-hidden="true" className="invisible flex flex-col items-end gap-0.5">
              <span className={buttonClasses('secondary', 'sm')}>
                <span className="size-4" />
                Logout
              </span>
              <span className="text-xs">&nbsp;</span>
            </div>
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

function AccountControls({ name }: { name: string }) {
  const logout = useLogout()
  const navigate = useNavigate()
  const { toast } = useToast()

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: 'You have been logged out successfully' }),
      onError: (error) =>
        toast({ title: 'Logout Error', description: logoutFailureMessage(error), variant: 'destructive' }),
      onSettled: () => navigate(paths.login, { replace: true }),
    })
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col items-end gap-0.5">
      <button
        type="button"
        onClick={handleLogout}
        disabled={logout.isPending}
        className={buttonClasses('secondary', 'sm')}
      >
        {/* Drawn with strokes: a few bytes on every page, where the filled outline took hundreds. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4 text-slate-500"
        >
          <path d="M12.5 6V4.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V14M8 10h10.5m-3-3 3 3-3 3" />
        </svg>
        Logout
      </button>
      {/* The name takes no width of its own (w-0): the block needs only its button's width, so it never
          pushes into the Menu button on a phone, and the name fills what room is left; from lg it may widen
          the block up to 12rem. Truncated, with the whole name in its title. */}
      <span
        className="w-0 min-w-full truncate text-right text-xs text-slate-600 lg:w-auto lg:max-w-48"
        title={name}
      >
        {name}
      </span>
    </div>
  )
}
