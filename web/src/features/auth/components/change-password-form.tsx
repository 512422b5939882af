import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FieldError, FormAlert, labelClasses } from '../../../components/ui/form.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useChangePassword } from '../api/change-password.ts'
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields.tsx'
import { PasswordInput } from './password-input.tsx'

type Errors = NewPasswordErrors & { currentPassword: string | null }
const NO_ERRORS: Errors = { currentPassword: null, newPassword: null, confirmPassword: null }

/** Current, new and confirmed password; `onChanged` runs once the server has accepted the new one. */
export function ChangePasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const changePassword = useChangePassword()
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [errors, setErrors] = useState<Errors>(NO_ERRORS)
  const currentErrorId = useId()
  const requestErrorId = useId()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found: Errors = {
      currentPassword: currentPassword ? null : 'Required',
      ...checkNewPassword(newPassword, confirmPassword),
    }
    setErrors(found)
    if (found.currentPassword || found.newPassword || found.confirmPassword) return
    changePassword.mutate({ currentPassword, newPassword }, { onSuccess: onChanged })
  }

  const failure = changePassword.error
  const failureMessage =
    failure instanceof ApiError
      ? (failure.serverMessage ?? 'Failed to change password')
      : failure
        ? 'An unexpected error occurred'
        : null
  const busy = changePassword.isPending || changePassword.isSuccess
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor="change-current-password" className={labelClasses}>
          Current Password
        </label>
        <PasswordInput
          id="change-current-password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          invalid={errors.currentPassword !== null}
          describedBy={errors.currentPassword ? currentErrorId : undefined}
          fieldName="current password"
          className="mt-1.5"
        />
        <FieldError id={currentErrorId} message={errors.currentPassword} />
      </div>
      <NewPasswordFields
        idPrefix="change"
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNewPasswordChange={setNewPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={errors}
        confirmPasswordLabel="Confirm New Password"
      />
      {failureMessage && <FormAlert id={requestErrorId}>{failureMessage}</FormAlert>}
      <button type="submit" disabled={busy} className={`w-full ${buttonClasses('primary', 'lg')}`}>
        {busy && <ButtonSpinner />}
        {busy ? 'Changing Password...' : 'Change Password'}
      </button>
    </form>
  )
}
