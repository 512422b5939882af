import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { StatusPanel } from '../../../components/ui/status-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useConfirmEmail } from '../api/confirm-email.ts'

/**
 * The page of the link that confirms a guest account's e-mail address (docs/decisions/025-unconfirmed-guest-addresses.md).
 * It confirms on a click, never on opening: a mail scanner that follows links confirms nothing.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const confirm = useConfirmEmail()
  if (confirm.isSuccess) {
    return (
      <StatusPanel tone="success" icon="check" title="E-mail Address Confirmed">
        <p role="status" className="mt-2 text-sm text-slate-600">
          {confirm.data}
        </p>
        <Link to={paths.login} className={`mt-8 ${buttonClasses('primary')}`}>
          Go to Login
        </Link>
      </StatusPanel>
    )
  }
  if (!token || confirm.isError) {
    const error = confirm.error
    const message =
      error instanceof ApiError
        ? (error.serverMessage ?? 'Invalid or expired confirmation link')
        : error
          ? 'The address could not be confirmed just now. Please try again.'
          : 'Invalid confirmation link. No token provided.'
    return (
      <StatusPanel tone="error" icon="warning" title="Invalid Confirmation Link">
        <p className="mt-2 text-sm text-slate-600">{message}</p>
        <Link to={paths.login} className={`mt-8 ${buttonClasses('secondary')}`}>
          Back to Login
        </Link>
      </StatusPanel>
    )
  }
  return (
    <StatusPanel tone="info" icon="envelope" title="Confirm Your E-mail Address">
      <p className="mt-2 text-sm text-slate-600">
        Confirm that this e-mail address is yours, so that your account keeps it.
      </p>
      <button
        type="button"
        onClick={() => confirm.mutate(token)}
        disabled={confirm.isPending}
        className={`mt-8 ${buttonClasses('primary')}`}
      >
        {confirm.isPending && <ButtonSpinner />}
        {confirm.isPending ? 'Confirming...' : 'Confirm my e-mail address'}
      </button>
    </StatusPanel>
  )
}
