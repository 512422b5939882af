import { decidePattern, paths } from '@app/domain/spa-routes'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { buttonClasses } from '../components/ui/button-styles.ts'
import { Spinner } from '../components/ui/spinner.tsx'
import { useMe } from '../features/auth/api/get-me.ts'
import { accountDeleted } from '../lib/session-state.ts'

export type LoginRedirectState = { from: string }
/** The state of a redirect away from an administrator's page. */
export type AccessDeniedState = { accessDenied?: boolean }

/**
 * Applies the shared route table (`decidePattern`) to the route pattern the router matched, so the guard
 * and the router agree on every spelling of a path. Public routes render at once; signed-in routes wait for
 * the role behind a spinner, then render, redirect, or send a session that must change its password to the
 * change-password page.
 */
export function RouteGuard({ pattern, children }: { pattern: string; children: ReactNode }) {
  const location = useLocation()
  const me = useMe()
  const signedOutDecision = decidePattern(pattern, null)
  if ('notFound' in signedOutDecision || signedOutDecision.allow) return children

  if (me.isPending) return <Spinner label="Checking your session" />
  if (me.isError) return <SessionCheckFailed onRetry={() => void me.refetch()} retrying={me.isFetching} />

  const user = me.data
  const decision = decidePattern(pattern, user?.role ?? null)
  if ('notFound' in decision) return children
  const from: LoginRedirectState = { from: location.pathname + location.search + location.hash }
  if (user?.mustChangePassword && pattern !== paths.changePassword) {
    // Whatever its role and wherever it was going, a session that must change its password does that first
    // (decision 033); once changed, the change-password page moves on to where the user was going.
    return <Navigate to={paths.changePassword} replace state={decision.allow ? from : undefined} />
  }
  if (!decision.allow) {
    // After a deletion the page left behind (a used deletion link) is no place to come back to.
    const state = decision.redirectTo === paths.login && !accountDeleted.get() ? from : undefined
    // A signed-in user turned away from an administrator's page is told why by the header's page buttons
    // (main-navigation.tsx): they load only for signed-in users, so the sign-in page's script stays small.
    const denied = user && pattern.startsWith('/admin/') ? { ...state, accessDenied: true } : state
    return <Navigate to={decision.redirectTo} replace state={denied} />
  }
  return children
}

function SessionCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">We could not check your session</h1>
      <p className="mt-2 text-sm text-slate-600">
        The server did not answer as expected. Please try again in a moment.
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`mt-6 ${buttonClasses('primary')}`}
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  )
}
