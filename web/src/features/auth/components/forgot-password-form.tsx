import type { ForgotPasswordResponse } from '@app/contracts/auth'
import { paths } from '@app/domain/spa-routes'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  FormField,
  inputClasses,
  textLinkClasses,
} from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { StatusPanel } from '../../../components/ui/status-panel.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useForgotPassword } from '../api/forgot-password.ts'
import type { ForgotPasswordFormValues } from '../form-schemas.ts'
import { AuthPage } from './auth-page.tsx'

const resolver = schemaResolver<ForgotPasswordFormValues>(
  async () => (await import('../form-schemas.ts')).ForgotPasswordFormSchema,
)

/** Only a web address may become a link; the server builds it from PUBLIC_URL, so this is a safety net. */
function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The e-mail form, replaced by 'Check Your Email' (and the development link, when given) once sent. */
export function ForgotPassword() {
  const forgotPassword = useForgotPassword()
  const { register, handleSubmit, formState } = useForm<ForgotPasswordFormValues>({
    resolver,
    defaultValues: { email: '' },
  })
  useSchemaPreload(resolver)
  const [sent, setSent] = useState<ForgotPasswordResponse | null>(null)
  const requestErrorId = useId()

  function submit({ email }: ForgotPasswordFormValues) {
    forgotPassword.mutate(email.trim(), { onSuccess: setSent })
  }

  if (sent) return <CheckYourEmail response={sent} />

  const requestError = forgotPassword.error
  const requestMessage =
    requestError instanceof ApiError
      ? (requestError.serverMessage ?? 'Failed to send reset link')
      : requestError
        ? 'An error occurred. Please try again.'
        : null
  return (
    <AuthPage
      documentTitle="Forgot Password"
      title="Forgot your password?"
      description={<p>Enter the e-mail address of your account and we will send you a link to reset it.</p>}
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className={textLinkClasses}>
            Back to login
          </Link>
        </>
      }
    >
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
        <FormField id="forgot-email" label="Email address" error={formState.errors.email?.message}>
          {(control) => (
            <input
              {...register('email')}
              {...control}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              aria-required="true"
              className={inputClasses}
              placeholder="you@company.com"
            />
          )}
        </FormField>
        {requestMessage && <FormAlert id={requestErrorId}>{requestMessage}</FormAlert>}
        <button
          type="submit"
          disabled={forgotPassword.isPending}
          className={`w-full ${buttonClasses('primary', 'lg')}`}
        >
          {forgotPassword.isPending && <ButtonSpinner />}
          {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
    </AuthPage>
  )
}

function CheckYourEmail({ response }: { response: ForgotPasswordResponse }) {
  const developmentLink = response.resetUrl && isWebAddress(response.resetUrl) ? response.resetUrl : null
  return (
    <StatusPanel tone="info" icon="envelope" title="Check Your Email">
      <p className="mt-2 text-sm text-slate-600">{response.message}</p>
      <p className="mt-2 text-sm text-slate-600">
        The link is valid for one hour. If nothing arrives, check your spam folder or try again.
      </p>
      {developmentLink && (
        <section
          aria-labelledby="development-mode-heading"
          className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-left"
        >
          <h2 id="development-mode-heading" className="text-sm font-semibold text-amber-900">
            Development Mode
          </h2>
          <p className="mt-1 text-sm text-amber-900">
            The server runs in development mode, so the reset link is shown here as well:
          </p>
          <a
            href={developmentLink}
            className="mt-2 block rounded text-sm font-medium break-all text-indigo-800 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {developmentLink}
          </a>
        </section>
      )}
      <Link to={paths.login} className={`mt-8 ${buttonClasses('primary')}`}>
        Back to Login
      </Link>
    </StatusPanel>
  )
}
