import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@app/domain/passwords'
import { useId } from 'react'
import { FieldError, describedBy, labelClasses } from '../../../components/ui/form.tsx'
import { PasswordInput } from './password-input.tsx'

export const PASSWORDS_DO_NOT_MATCH = "Passwords don't match"

export type NewPasswordErrors = { newPassword: string | null; confirmPassword: string | null }

/** The spec's rules for a new password (section 5), checked before anything is sent. */
export function checkNewPassword(newPassword: string, confirmPassword: string): NewPasswordErrors {
  return {
    newPassword: newPassword.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null,
    confirmPassword: confirmPassword !== newPassword ? PASSWORDS_DO_NOT_MATCH : null,
  }
}

/** New Password and Confirm Password, each with its own error right below it. */
export function NewPasswordFields({
  idPrefix,
  newPassword,
  confirmPassword,
  onNewPasswordChange,
  onConfirmPasswordChange,
  errors,
  newPasswordLabel = 'New Password',
  confirmPasswordLabel = 'Confirm Password',
}: {
  idPrefix: string
  newPassword: string
  confirmPassword: string
  onNewPasswordChange: (value: string) => void
  onConfirmPasswordChange: (value: string) => void
  errors: NewPasswordErrors
  newPasswordLabel?: string
  confirmPasswordLabel?: string
}) {
  const hintId = useId()
  const newErrorId = useId()
  const confirmErrorId = useId()
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-new-password`} className={labelClasses}>
          {newPasswordLabel}
        </label>
        <PasswordInput
          id={`${idPrefix}-new-password`}
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={onNewPasswordChange}
          invalid={errors.newPassword !== null}
          describedBy={describedBy(hintId, errors.newPassword && newErrorId)}
          fieldName={newPasswordLabel.toLowerCase()}
          className="mt-1.5"
        />
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          At least {MIN_PASSWORD_LENGTH} characters, and not your username or e-mail address.
        </p>
        <FieldError id={newErrorId} message={errors.newPassword} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-confirm-password`} className={labelClasses}>
          {confirmPasswordLabel}
        </label>
        <PasswordInput
          id={`${idPrefix}-confirm-password`}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={onConfirmPasswordChange}
          invalid={errors.confirmPassword !== null}
          describedBy={errors.confirmPassword ? confirmErrorId : undefined}
          fieldName={confirmPasswordLabel.toLowerCase()}
          className="mt-1.5"
        />
        <FieldError id={confirmErrorId} message={errors.confirmPassword} />
      </div>
    </>
  )
}
