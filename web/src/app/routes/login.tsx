import { paths } from '@app/domain/spa-routes'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AuthPage } from '../../features/auth/components/auth-page.tsx'
import { LoginForm } from '../../features/auth/components/login-form.tsx'
import { useSignInProviders } from '../../features/auth/api/get-sign-in-providers.ts'
import { useAppServices } from '../../lib/app-services.tsx'
import { redirectTarget } from '../../lib/redirect-target.ts'
import { accountDeleted, sessionEnded } from '../../lib/session-state.ts'

// A tenant's identity providers (decision 062): their buttons load only where there are any, or a refusal to show.
const ProviderSignIn = lazy(async () => ({
  default: (await import('../../features/auth/components/provider-sign-in.tsx')).ProviderSignIn,
}))
const ProviderSignInError = lazy(async () => ({
  default: (await import('../../features/auth/components/provider-sign-in.tsx')).ProviderSignInError,
}))

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
  // The final state of a deletion: shown once, then forgotten (docs/decisions/061-account-deletion.md).
  const [deleted] = useState(() => accountDeleted.get())
  useEffect(() => accountDeleted.set(false), [])
  const providers = useSignInProviders().data

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
      {deleted && (
        <p
          role="status"
          className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          Your account has been deleted. You have been signed out everywhere, and your profiles and
          invitations are gone.
        </p>
      )}
      {ended && !deleted && (
        <p
          role="status"
          className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          Your session has ended. Please sign in again.
        </p>
      )}
      {location.search.includes('signInError') && (
        <Suspense>
          <ProviderSignInError search={location.search} />
        </Suspense>
      )}
      {providers && providers.providers.length > 0 ? (
        <Suspense fallback={<LoginForm redirectTo={redirectTo} />}>
          <ProviderSignIn
            options={providers}
            returnTo={redirectTo}
            passwordForm={<LoginForm redirectTo={redirectTo} />}
          />
        </Suspense>
      ) : (
        <LoginForm redirectTo={redirectTo} />
      )}
    </AuthPage>
  )
}
