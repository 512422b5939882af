import { StrictMode, useSyncExternalStore, type MouseEvent } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { ToastProvider } from '../components/ui/toast.tsx'
import { getMe } from '../features/auth/api/fetch-me.ts'
import type { AppServices, NavigateOptions } from '../lib/app-services.tsx'
import { AppServicesProvider } from '../lib/app-services.tsx'
import type { CurrentUser } from '../lib/current-user.ts'
import { onFirstInteraction } from '../lib/first-interaction.ts'
import { AppErrorBoundary } from './app-error-boundary.tsx'
import { AppFrame } from './layout/app-frame.tsx'
import { rootElement } from './root-element.ts'
import { LoginRoute } from './routes/login.tsx'

/*
 * The sign-in page's first load: the same frame and sign-in page as the app shows at /login, on React alone,
 * without react-router and TanStack Query (about 21 kB of gzip), so that the page most people open first
 * paints and answers sooner (docs/decisions/065-first-pages-without-zod.md). The page stays as it is until
 * it navigates (a link, the move after signing in, or a visitor already signed in); the app then starts in
 * the same root at the new address.
 */

type Session = { data: CurrentUser | null | undefined; isPending: boolean }

let root: Root | undefined
let session: Session = { data: undefined, isPending: true }
let signedIn: CurrentUser | undefined
let handingOver = false
const sessionListeners = new Set<() => void>()

const loadApp = () => import('./app-start.tsx')

function setSession(next: Session) {
  session = next
  for (const listener of sessionListeners) listener()
}

/** A browser history entry as react-router keeps them, so that the app reads the state handed to it. */
function historyEntry(state: unknown, index: number) {
  return { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: index }
}

/** Goes to `to` in the app, started in this page's root; a full page load if its code cannot be loaded. */
function handOver(to: string, { replace = false, state }: NavigateOptions = {}) {
  if (handingOver) return
  handingOver = true
  loadApp().then(
    ({ startApp }) => {
      if (replace) window.history.replaceState(historyEntry(state, 0), '', to)
      else {
        window.history.replaceState(historyEntry(window.history.state?.usr, 0), '')
        window.history.pushState(historyEntry(state, 1), '', to)
      }
      startApp(root, signedIn)
    },
    () => window.location.assign(to),
  )
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
  return event.button === 0 && !modified && (!target || target === '_self')
}

function currentLocation() {
  const { pathname, search, hash } = window.location
  return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null }
}

const shellServices: AppServices = {
  useLocation: currentLocation,
  useNavigate: () => handOver,
  useLinkBehaviour: (to, { replace, target }) => ({
    href: to,
    onClick: (event) => {
      if (!isPlainClick(event, target)) return
      event.preventDefault()
      handOver(to, { replace })
    },
  }),
  useSession: () =>
    useSyncExternalStore(
      (listener) => {
        sessionListeners.add(listener)
        return () => sessionListeners.delete(listener)
      },
      () => session,
    ),
  useAfterSignIn: () => rememberSignedIn,
}

async function rememberSignedIn(user: CurrentUser): Promise<void> {
  signedIn = user
}

export function startSignInPage(): void {
  root = createRoot(rootElement())
  root.render(
    <StrictMode>
      <ToastProvider>
        <AppServicesProvider value={shellServices}>
          <AppErrorBoundary>
            <AppFrame>
              <LoginRoute />
            </AppFrame>
          </AppErrorBoundary>
        </AppServicesProvider>
      </ToastProvider>
    </StrictMode>,
  )
  // The app's code loads at the visitor's first interaction, so that a navigation rarely waits for it; a
  // failed load is met again, and handled, at the navigation.
  onFirstInteraction(() => void loadApp().catch(() => undefined))
  // A visitor already signed in is shown the app's own panel for that, with their page buttons: the
  // session stays "being checked" here meanwhile, since the header's buttons need the app's router.
  getMe().then(
    (user) => {
      if (!user) return setSession({ data: null, isPending: false })
      signedIn = user
      const { pathname, search, hash, state } = currentLocation()
      handOver(pathname + search + hash, { replace: true, state })
    },
    () => setSession({ data: null, isPending: false }),
  )
}
