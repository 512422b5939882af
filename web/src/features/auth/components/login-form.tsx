import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  inputClasses,
  labelClasses,
  textLinkClasses,
} from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { displayName } from '../../../lib/display-name.ts'
import { useLogin } from '../api/login.ts'
import { PasswordInput } from './password-input.tsx'

export const REDIRECT_AFTER_LOGIN_MS = 1000

/** The sign-in form: on success it greets the user and moves on to `redirectTo` after about a second. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin()
  const navigate = useNavigate()
  const { toast } = useToast()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [validationError, setValidationError] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const errorId = useId()

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!username.trim() || !password) {
      setValidationError('Username and password are required')
      return
    }
    setValidationError(null)
    login.mutate(
      { username: username.trim(), password },
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

  const busy = login.isPending || succeeded
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor="login-username" className={labelClasses}>
          Username
        </label>
        <input
          id="login-username"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-required="true"
          aria-invalid={validationError !== null && !username.trim()}
          aria-describedby={validationError ? errorId : undefined}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          className={`mt-1.5 ${inputClasses}`}
          placeholder="you@company.com"
        />
      </div>
      <div>
        <div className="flex items-center justify-between">
          <label htmlFor="login-password" className={labelClasses}>
            Password
          </label>
          <Link to={paths.forgotPassword} className={`text-sm ${textLinkClasses}`}>
            Forgot your password?
          </Link>
        </div>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          invalid={validationError !== null && !password}
          describedBy={validationError ? errorId : undefined}
          className="mt-1.5"
        />
      </div>
      {validationError && <FormAlert id={errorId}>{validationError}</FormAlert>}
      <button type="submit" disabled={busy} className={`w-full ${buttonClasses('primary', 'lg')}`}>
        {busy && <ButtonSpinner />}
        {busy ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  )
}
