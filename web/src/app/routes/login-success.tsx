import { mayOpen, paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { StatusPanel } from '../../components/ui/status-panel.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { useMe } from '../../features/auth/api/get-me.ts'

/** The spec's static welcome card, shown only to someone who is signed in; a visitor is offered the login. */
export function LoginSuccessRoute() {
  const me = useMe()
  if (me.isPending) return <Spinner label="Checking your session" />
  if (!me.data) {
    return (
      <StatusPanel tone="info" icon="warning" title="You are not signed in">
        <p className="mt-2 text-sm text-slate-600">Sign in to see your profile and ask questions.</p>
        <div className="mt-8 flex justify-center">
          <Link to={paths.login} className={buttonClasses('primary')}>
            Go to Login
          </Link>
        </div>
      </StatusPanel>
    )
  }
  return (
    <StatusPanel tone="success" icon="check" title="Login Successful">
      <p className="mt-2 text-sm text-slate-600">
        Welcome to {PRODUCT_NAME}. You are signed in and ready to go.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {/* A guest_standard may not open My Profile: the Ask page, where their shared profiles are, instead. */}
        {mayOpen(paths.history, me.data.role) && (
          <Link to={paths.history} className={buttonClasses('primary')}>
            View my profile
          </Link>
        )}
        <Link
          to={paths.home}
          className={buttonClasses(mayOpen(paths.history, me.data.role) ? 'secondary' : 'primary')}
        >
          Ask a question
        </Link>
      </div>
    </StatusPanel>
  )
}
