import { paths } from '@app/domain/spa-routes'
import { useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { displayName } from '../../../lib/display-name.ts'
import type { CurrentUser } from '../api/get-me.ts'
import { logoutFailureMessage, useLogout } from '../api/logout.ts'
import { AuthPage } from './auth-page.tsx'

/** A signed-in user who opens /login is told who is signed in, and may go on or log out. */
export function SignedIn({ user, continueTo }: { user: CurrentUser; continueTo: string }) {
  const logout = useLogout()
  const navigate = useNavigate()
  const { toast } = useToast()
  const name = displayName(user)

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: 'You have been logged out successfully' }),
      onError: (error) =>
        toast({ title: 'Logout Error', description: logoutFailureMessage(error), variant: 'destructive' }),
      onSettled: () => navigate(paths.login, { replace: true, state: null }),
    })
  }

  return (
    <AuthPage
      documentTitle="Signed In"
      title="You are already signed in"
      description={
        <p>
          You are signed in as <strong className="font-semibold text-slate-900">{name}</strong>.
        </p>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={continueTo} className={`flex-1 ${buttonClasses('primary')}`}>
          Continue
        </Link>
        <button
          type="button"
          onClick={handleLogout}
          disabled={logout.isPending}
          className={`flex-1 ${buttonClasses('secondary')}`}
        >
          {logout.isPending && <ButtonSpinner />}
          Log out
        </button>
      </div>
    </AuthPage>
  )
}
