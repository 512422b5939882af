import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { StatusPanel } from '../../../components/ui/status-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useCheckResetToken } from '../api/check-reset-token.ts'
import { useResetPassword } from '../api/reset-password.ts'
import { AuthPage } from './auth-page.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import type { ResetPasswordFormValues } from '../form-schemas.ts'
import { NewPasswordFields } from './new-password-fields.tsx'

export const REDIRECT_AFTER_RESET_MS = 3000

const resolver = schemaResolver<ResetPasswordFormValues>(
  async () => (await import('../form-schemas.ts')).ResetPasswordFormSchema,
)

/** The reset link's page: verifying, then the form or 'Invalid Reset Link', then success and back to login. */
export function ResetPassword({ token }: { token: string }) {
  const check = useCheckResetToken(token)
  const [done, setDone] = useState<string | null>(null)

  if (done !== null) return <ResetSucceeded message={done} />
  if (!token) return <InvalidResetLink message="Invalid reset link. No token provided." />
  if (check.isPending) return <Spinner label="Verifying reset link" showLabel />
  if (check.isError) return <InvalidResetLink message="Failed to verify reset link" />
  if (!check.data.valid) {
    return <InvalidResetLink message={check.data.message || 'Invalid or expired reset link'} />
  }
  return <ResetPasswordForm token={token} onDone={setDone} />
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const resetPassword = useResetPassword()
  const { register, handleSubmit, formState } = useForm<ResetPasswordFormValues>({
    resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  useSchemaPreload(resolver)
  const requestErrorId = useId()

  function submit({ newPassword }: ResetPasswordFormValues) {
    resetPassword.mutate({ token, newPassword }, { onSuccess: onDone })
  }

  const failure = resetPassword.error
  const failureMessage =
    failure instanceof ApiError
      ? (failure.serverMessage ?? 'Failed to reset password')
      : failure
        ? 'Failed to reset password'
        : null
  return (
    <AuthPage
      documentTitle="Reset Password"
      title="Reset your password"
      description={<p>Enter a new password for your account, then confirm it.</p>}
    >
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
        <NewPasswordFields
          idPrefix="reset"
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={{
            newPassword: formState.errors.newPassword?.message,
            confirmPassword: formState.errors.confirmPassword?.message,
          }}
        />
        {failureMessage && <FormAlert id={requestErrorId}>{failureMessage}</FormAlert>}
        <button
          type="submit"
          disabled={resetPassword.isPending}
          className={`w-full ${buttonClasses('primary', 'lg')}`}
        >
          {resetPassword.isPending && <ButtonSpinner />}
          {resetPassword.isPending ? 'Resetting Password...' : 'Reset Password'}
        </button>
      </form>
    </AuthPage>
  )
}

function ResetSucceeded({ message }: { message: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), REDIRECT_AFTER_RESET_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <StatusPanel tone="success" icon="check" title="Password Reset Successful">
      <p role="status" className="mt-2 text-sm text-slate-600">
        {message} Taking you to the login page in 3 seconds...
      </p>
      <Link to={paths.login} replace className={`mt-8 ${buttonClasses('primary')}`}>
        Go to Login
      </Link>
    </StatusPanel>
  )
}

function InvalidResetLink({ message }: { message: string }) {
  return (
    <StatusPanel tone="error" icon="warning" title="Invalid Reset Link">
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <p className="mt-2 text-sm text-slate-600">
        Reset links can be used once and expire after one hour. You can ask for a new one.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.forgotPassword} className={buttonClasses('primary')}>
          Request New Link
        </Link>
        <Link to={paths.login} className={buttonClasses('secondary')}>
          Back to Login
        </Link>
      </div>
    </StatusPanel>
  )
}
