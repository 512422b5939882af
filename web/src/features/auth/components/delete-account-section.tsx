import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, FormField } from '../../../components/ui/form.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDeleteAccount } from '../api/delete-account.ts'
import { useMe } from '../api/get-me.ts'
import { useSendDeletionLink } from '../api/send-deletion-link.ts'
import { PasswordInput } from './password-input.tsx'
import { WhatDeletionRemoves } from './what-deletion-removes.tsx'

/** The server's message of a failed call, else `fallback`; null while nothing failed. */
function failureMessageOf(failure: unknown, fallback: string): string | null {
  if (failure instanceof ApiError) return failure.serverMessage ?? fallback
  return failure ? 'An unexpected error occurred' : null
}

/**
 * The 'Delete my account' section: what will go, then the password that confirms it, or, for an account
 * without a password (made by a provider's sign-in), a mailed link (docs/decisions/066-deletion-link.md).
 */
export function DeleteAccountSection() {
  const me = useMe()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Delete my account
      </h2>
      <WhatDeletionRemoves />
      {me.data?.hasPassword === false ? <ConfirmByMail /> : <ConfirmByPassword />}
    </section>
  )
}

function ConfirmByPassword() {
  const deletion = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const alertId = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password) {
      setMissing(true)
      return
    }
    setMissing(false)
    deletion.mutate({ password })
  }

  const failureMessage = failureMessageOf(deletion.error, 'Your account could not be deleted')
  const busy = deletion.isPending || deletion.isSuccess
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <FormField
        id="delete-account-password"
        label="Your password"
        hint="Enter your current password to confirm the deletion."
        error={missing ? 'Please enter your current password' : undefined}
        invalid={missing || Boolean(failureMessage)}
        describedBy={failureMessage ? alertId : undefined}
      >
        {(control) => (
          <PasswordInput
            {...control}
            field={{
              name: 'password',
              value: password,
              onChange: (event) => setPassword(event.target.value),
            }}
            autoComplete="current-password"
            fieldName="password of the account to delete"
          />
        )}
      </FormField>
      {failureMessage && <FormAlert id={alertId}>{failureMessage}</FormAlert>}
      <button type="submit" disabled={busy} className={`w-full ${buttonClasses('danger', 'lg')}`}>
        {busy && <ButtonSpinner />}
        {busy ? 'Deleting Account...' : 'Delete My Account'}
      </button>
    </form>
  )
}

/** An account without a password confirms through a link mailed to its address. */
function ConfirmByMail() {
  const sending = useSendDeletionLink()
  const failureMessage = failureMessageOf(sending.error, 'The link could not be sent')
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">
        Your account has no password: we confirm the deletion with a link sent to your e-mail address.
      </p>
      <div role="status" className="text-sm text-emerald-800">
        {sending.data && !sending.isPending ? sending.data.message : null}
      </div>
      {failureMessage && <FormAlert>{failureMessage}</FormAlert>}
      <button
        type="button"
        disabled={sending.isPending}
        onClick={() => sending.mutate()}
        className={`w-full ${buttonClasses('danger', 'lg')}`}
      >
        {sending.isPending && <ButtonSpinner />}
        {sending.isPending ? 'Sending Link...' : 'Send me a confirmation link'}
      </button>
    </div>
  )
}
