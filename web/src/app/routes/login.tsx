import { paths } from '@app/domain/spa-routes'
import { lazy, Suspense, useRef, useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AuthPage } from '../../features/auth/components/auth-page.tsx'
import { LoginForm } from '../../features/auth/components/login-form.tsx'
import { useAppServices } from '../../lib/app-services.tsx'
import { redirectTarget } from '../../lib/redirect-target.ts'
import { sessionEnded } from '../../lib/session-state.ts'

// Few visitors of /login are signed in, so their panel is not part of the sign-in page's first load.
const SignedIn = lazy(async () => ({
  default: (await import('../../features/auth/components/signed-in.tsx')).SignedIn,
}))

export function LoginRoute() {
  const services = useAppServices()
  const location = services.useLocation()
  const me = services.useSession()
  const redirectTo = redirectTarget(location.state, paths.history, [paths.login, paths.changePassword])
  // Who was signed in when the session check first answered decides what the page shows; signing in here keeps the form on screen
  // for its greeting and the redirect that follows.
  const opened = useRef<'form' | 'signed-in' | null>(null)
  if (opened.current === null && !me.isPending) opened.current = me.data ? 'signed-in' : 'form'
  const [ended] = useState(() => sessionEnded.get())

  // While the session is checked, the form shows: most visitors of /login are signed out.
  if (opened.current === 'signed-in' && me.data) {
    return (
      <Suspense fallback={<Spinner />}>
        <SignedIn user={me.data} continueTo={redirectTo} />
      </Suspense>
    )
  }
  return (
    <AuthPage
      documentTitle="Sign In"
      title="Sign in to your account"
      description={<p>Enter your e-mail address and password to access your profiles.</p>}
    >
      {ended && (
        <p
          role="status"
          className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          Your session has ended. Please sign in again.
        </p>
      )}
      <LoginForm redirectTo={redirectTo} />
    </AuthPage>
  )
}
