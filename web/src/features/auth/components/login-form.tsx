import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  FormField,
  inputClasses,
  textLinkClasses,
} from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { displayName } from '../../../lib/display-name.ts'
import { schemaResolver } from '../../../lib/schema-resolver.ts'
import { useLogin } from '../api/login.ts'
import type { LoginFormValues } from '../form-schemas.ts'
import { PasswordInput } from './password-input.tsx'

export const REDIRECT_AFTER_LOGIN_MS = 1000

const resolver = schemaResolver<LoginFormValues>(
  async () => (await import('../form-schemas.ts')).LoginFormSchema,
)

/** The sign-in form: on success it greets the user and moves on to `redirectTo` after about a second. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin()
  const navigate = useNavigate()
  const { toast } = useToast()
  const { register, handleSubmit, formState } = useForm<LoginFormValues>({
    resolver,
    defaultValues: { username: '', password: '' },
  })
  const [succeeded, setSucceeded] = useState(false)
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const errorId = useId()

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  function submit(values: LoginFormValues) {
    login.mutate(
      { username: (values.username ?? '').trim(), password: values.password ?? '' },
      {
        onSuccess: (user) => {
          setSucceeded(true)
          toast({ title: 'Login Successful!', description: `Welcome back, ${displayName(user)}` })
          redirectTimer.current = setTimeout(
            () => navigate(redirectTo, { replace: true }),
            REDIRECT_AFTER_LOGIN_MS,
          )
        },
        onError: (error) => {
          const description =
            error instanceof ApiError
              ? (error.serverMessage ?? 'Failed to log in')
              : 'An unexpected error occurred'
          toast({ title: 'Login Error', description, variant: 'destructive' })
        },
      },
    )
  }

  // Both fields share one message, shown once for the form.
  const { errors } = formState
  const validationError = errors.username?.message ?? errors.password?.message
  const alertId = validationError ? errorId : undefined
  const busy = login.isPending || succeeded
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
      <FormField
        id="login-username"
        label="Username"
        invalid={Boolean(errors.username)}
        describedBy={alertId}
      >
        {(control) => (
          <input
            {...register('username')}
            {...control}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            className={inputClasses}
            placeholder="you@company.com"
          />
        )}
      </FormField>
      <FormField
        id="login-password"
        label="Password"
        labelAside={
          <Link to={paths.forgotPassword} className={`text-sm ${textLinkClasses}`}>
            Forgot your password?
          </Link>
        }
        invalid={Boolean(errors.password)}
        describedBy={alertId}
      >
        {(control) => (
          <PasswordInput {...control} field={register('password')} autoComplete="current-password" />
        )}
      </FormField>
      {validationError && <FormAlert id={errorId}>{validationError}</FormAlert>}
      <button type="submit" disabled={busy} className={`w-full ${buttonClasses('primary', 'lg')}`}>
        {busy && <ButtonSpinner />}
        {busy ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  )
}
