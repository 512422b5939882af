import { paths } from '@app/domain/spa-routes'
import { useId } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { StatusPanel } from '../../../components/ui/status-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useCheckDeletionLink } from '../api/check-deletion-link.ts'
import { useDeleteAccount } from '../api/delete-account.ts'
import { AuthPage } from './auth-page.tsx'
import { WhatDeletionRemoves } from './what-deletion-removes.tsx'

/**
 * The page of a mailed deletion link (docs/decisions/066-deletion-link.md): verifying, then what will go and
 * the button, or 'Invalid Deletion Link'. On success the app signs out as the account section's deletion does.
 */
export function DeleteAccountLink({ token }: { token: string }) {
  const check = useCheckDeletionLink(token)
  if (!token) return <InvalidDeletionLink message="Invalid deletion link. No token provided." />
  if (check.isPending) return <Spinner label="Verifying deletion link" showLabel />
  if (check.isError) return <InvalidDeletionLink message="Failed to verify the deletion link" />
  if (!check.data.valid) return <InvalidDeletionLink message={check.data.message} />
  return <ConfirmDeletion token={token} />
}

function ConfirmDeletion({ token }: { token: string }) {
  const deletion = useDeleteAccount()
  const alertId = useId()
  const failure = deletion.error
  const failureMessage =
    failure instanceof ApiError
      ? (failure.serverMessage ?? 'Your account could not be deleted')
      : failure
        ? 'An unexpected error occurred'
        : null
  const busy = deletion.isPending || deletion.isSuccess
  return (
    <AuthPage
      documentTitle="Delete Account"
      title="Delete your account"
      description={<p>You opened the link we sent to confirm the deletion of your account.</p>}
      footer={
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Keep My Account
        </Link>
      }
    >
      <WhatDeletionRemoves />
      {failureMessage && (
        <div className="mt-4">
          <FormAlert id={alertId}>{failureMessage}</FormAlert>
        </div>
      )}
      <button
        type="button"
        disabled={busy}
        aria-describedby={failureMessage ? alertId : undefined}
        onClick={() => deletion.mutate({ token })}
        className={`mt-6 w-full ${buttonClasses('danger', 'lg')}`}
      >
        {busy && <ButtonSpinner />}
        {busy ? 'Deleting Account...' : 'Delete My Account'}
      </button>
    </AuthPage>
  )
}

function InvalidDeletionLink({ message }: { message: string }) {
  return (
    <StatusPanel tone="error" icon="warning" title="Invalid Deletion Link">
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <p className="mt-2 text-sm text-slate-600">
        Deletion links can be used once and expire after one hour. You can ask for a new one on the Change
        Password page.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.changePassword} className={buttonClasses('primary')}>
          Request New Link
        </Link>
      </div>
    </StatusPanel>
  )
}
