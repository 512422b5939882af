import { MIN_PASSWORD_LENGTH } from '@app/domain/passwords'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../../components/ui/form.tsx'
import { PasswordInput } from './password-input.tsx'

/** New Password and Confirm Password, each with its own error right below it. */
export function NewPasswordFields({
  idPrefix,
  newPassword,
  confirmPassword,
  errors,
  newPasswordLabel = 'New Password',
  confirmPasswordLabel = 'Confirm Password',
}: {
  idPrefix: string
  newPassword: UseFormRegisterReturn
  confirmPassword: UseFormRegisterReturn
  errors: { newPassword?: string | undefined; confirmPassword?: string | undefined }
  newPasswordLabel?: string
  confirmPasswordLabel?: string
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-new-password`}
        label={newPasswordLabel}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your username or e-mail address.`}
        error={errors.newPassword}
      >
        {(control) => (
          <PasswordInput
            {...control}
            field={newPassword}
            autoComplete="new-password"
            fieldName={newPasswordLabel.toLowerCase()}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-confirm-password`}
        label={confirmPasswordLabel}
        error={errors.confirmPassword}
      >
        {(control) => (
          <PasswordInput
            {...control}
            field={confirmPassword}
            autoComplete="new-password"
            fieldName={confirmPasswordLabel.toLowerCase()}
          />
        )}
      </FormField>
    </>
  )
}
