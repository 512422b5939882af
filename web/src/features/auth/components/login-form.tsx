import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  FormField,
  inputClasses,
  textLinkClasses,
} from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useAppServices } from '../../../lib/app-services.tsx'
import { displayName } from '../../../lib/display-name.ts'
import { useLogin } from '../api/login.ts'
import type { LoginFormSchema, LoginFormValues } from '../form-schemas.ts'
import { PasswordInput } from './password-input.tsx'

export const REDIRECT_AFTER_LOGIN_MS = 1000

type Field = keyof LoginFormValues
type Values = Record<Field, string>
type FieldErrors = Partial<Record<Field, string>>

/**
 * The form's schema (zod and the auth contract) loads when the user first focuses the form, or at the first
 * submit, so the sign-in page's first load carries neither zod nor a form library.
 */
let schema: Promise<typeof LoginFormSchema> | undefined
function loadSchema(): Promise<typeof LoginFormSchema> {
  schema ??= import('../form-schemas.ts').then(
    (module) => module.LoginFormSchema,
    (error: unknown) => {
      schema = undefined // a failed load (offline) is retried at the next submit
      throw error
    },
  )
  return schema
}

/** The first message of each field, the way the other forms' zod resolver reports them. */
function validate(values: Values, loginFormSchema: typeof LoginFormSchema): FieldErrors {
  const result = loginFormSchema.safeParse(values)
  const errors: FieldErrors = {}
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0]
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/**
 * The sign-in form: on success it greets the user and moves on to `redirectTo` after about a second.
 * It is the one form kept off react-hook-form: its two fields need a value each, and the 12 kB library
 * would be a tenth of the page's JavaScript budget. It uses the same FormField and FormAlert as the
 * other forms, validates with the contract's schema, checks again on each change after a failed submit,
 * and focuses the first invalid field, as react-hook-form does there.
 */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin()
  const navigate = useAppServices().useNavigate()
  const { toast } = useToast()
  const [values, setValues] = useState<Values>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [revalidateWith, setRevalidateWith] = useState<typeof LoginFormSchema | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const fields = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const errorId = useId()

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (revalidateWith) setErrors(validate(next, revalidateWith))
  }

  function showError(description: string) {
    toast({ title: 'Login Error', description, variant: 'destructive' })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    let loginFormSchema: typeof LoginFormSchema
    try {
      loginFormSchema = await loadSchema()
    } catch {
      showError('An unexpected error occurred')
      return
    }
    const found = validate(values, loginFormSchema)
    setErrors(found)
    setRevalidateWith(loginFormSchema)
    const firstInvalid = (['username', 'password'] as const).find((field) => found[field])
    if (firstInvalid) {
      fields[firstInvalid].current?.focus()
      return
    }
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => {
          setSucceeded(true)
          toast({ title: 'Login Successful!', description: `Welcome back, ${displayName(user)}` })
          redirectTimer.current = setTimeout(
            () => navigate(redirectTo, { replace: true }),
            REDIRECT_AFTER_LOGIN_MS,
          )
        },
        onError: (error) =>
          showError(
            error instanceof ApiError
              ? (error.serverMessage ?? 'Failed to log in')
              : 'An unexpected error occurred',
          ),
      },
    )
  }

  // Both fields share one message, shown once for the form.
  const validationError = errors.username ?? errors.password
  const alertId = validationError ? errorId : undefined
  const busy = login.isPending || succeeded
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      className="space-y-5"
    >
      <FormField
        id="login-username"
        label="Username"
        invalid={Boolean(errors.username)}
        describedBy={alertId}
      >
        {(control) => (
          <input
            {...control}
            ref={fields.username}
            name="username"
            value={values.username}
            onChange={(event) => change('username', event.target.value)}
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
          <PasswordInput
            {...control}
            field={{
              ref: fields.password,
              name: 'password',
              value: values.password,
              onChange: (event) => change('password', event.target.value),
            }}
            autoComplete="current-password"
          />
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
