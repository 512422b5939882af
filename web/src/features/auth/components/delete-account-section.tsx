import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, FormField } from '../../../components/ui/form.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDeleteAccount } from '../api/delete-account.ts'
import { PasswordInput } from './password-input.tsx'

/** What a deletion removes, as auth, profiles, sharing and import carry it out (docs/decisions/061-account-deletion.md). */
const WHAT_GOES = [
  'Your account: you are signed out everywhere and can no longer sign in.',
  'Every profile you saved, with its answers and scores.',
  'The invitations you sent: everyone you shared with, and everyone they passed it on to, loses access at once.',
  'The access others shared with you, and the invitations sent to you.',
  'Your name and e-mail address in import reports and in what others see of their sharing.',
]

/** The 'Delete my account' section: what will go, the password that confirms it, and the button. */
export function DeleteAccountSection() {
  const deletion = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const headingId = useId()
  const alertId = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password) {
      setMissing(true)
      return
    }
    setMissing(false)
    deletion.mutate(password)
  }

  const failure = deletion.error
  const failureMessage =
    failure instanceof ApiError
      ? (failure.serverMessage ?? 'Your account could not be deleted')
      : failure
        ? 'An unexpected error occurred'
        : null
  const busy = deletion.isPending || deletion.isSuccess
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-2 text-sm text-slate-700">This cannot be undone. Deleting your account removes:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {WHAT_GOES.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
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
    </section>
  )
}
