import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, FormField } from '../../../components/ui/form.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useChangePassword } from '../api/change-password.ts'
import type { ChangePasswordFormValues } from '../form-schemas.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import { PasswordInput } from './password-input.tsx'

const resolver = schemaResolver<ChangePasswordFormValues>(
  async () => (await import('../form-schemas.ts')).ChangePasswordFormSchema,
)

/** Current, new and confirmed password; `onChanged` runs once the server has accepted the new one. */
export function ChangePasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const changePassword = useChangePassword()
  const { register, handleSubmit, formState } = useForm<ChangePasswordFormValues>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  useSchemaPreload(resolver)
  const requestErrorId = useId()

  function submit({ currentPassword, newPassword }: ChangePasswordFormValues) {
    changePassword.mutate({ currentPassword, newPassword }, { onSuccess: onChanged })
  }

  const { errors } = formState
  const failure = changePassword.error
  const failureMessage =
    failure instanceof ApiError
      ? (failure.serverMessage ?? 'Failed to change password')
      : failure
        ? 'An unexpected error occurred'
        : null
  const busy = changePassword.isPending || changePassword.isSuccess
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
      <FormField
        id="change-current-password"
        label="Current Password"
        error={errors.currentPassword?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            field={register('currentPassword')}
            autoComplete="current-password"
            fieldName="current password"
          />
        )}
      </FormField>
      <NewPasswordFields
        idPrefix="change"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmPassword: errors.confirmPassword?.message,
        }}
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
