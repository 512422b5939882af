import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  describedBy,
  inputClasses,
  labelClasses,
} from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useClientConfig } from '../api/get-client-config.ts'
import { DEFAULT_REQUEST_MESSAGE, requestMailtoUrl, type AssessmentRequest } from '../request-mail.ts'

export const MAIL_CLIENT_DELAY_MS = 1000
const MISSING_FIELDS = 'Please fill in all required fields'

type Field = keyof AssessmentRequest

/**
 * Opens the user's mail client with a request to the support address, which comes from the server's
 * configuration and is never shown on the page.
 */
export function RequestAssessmentForm({ initial }: { initial: { name: string; email: string } }) {
  const config = useClientConfig()
  const { toast } = useToast()
  const [values, setValues] = useState<AssessmentRequest>({
    name: initial.name,
    email: initial.email,
    company: '',
    message: DEFAULT_REQUEST_MESSAGE,
  })
  const [missing, setMissing] = useState<readonly Field[]>([])
  const [opening, setOpening] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const errorId = useId()
  const configErrorId = useId()

  useEffect(() => () => clearTimeout(timer.current), [])

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const blank = (['name', 'email', 'message'] as const).filter((field) => !values[field].trim())
    setMissing(blank)
    if (blank.length > 0 || !config.data) return
    const url = requestMailtoUrl(config.data.supportEmail, values)
    setOpening(true)
    toast({
      title: 'Email Client Opened',
      description: 'Your e-mail application opens with the request ready to send.',
    })
    timer.current = setTimeout(() => {
      window.location.href = url
      setOpening(false)
    }, MAIL_CLIENT_DELAY_MS)
  }

  const fieldProps = (field: Field) => ({
    id: `request-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': missing.includes(field),
    'aria-describedby': describedBy(missing.includes(field) && errorId),
  })
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <p className="text-sm text-slate-600">
        Fields marked with <span className="font-semibold text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="request-name" className={labelClasses}>
            Your Name <RequiredMark />
          </label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            aria-required="true"
            onChange={(event) => update('name', event.target.value)}
            className={`mt-1.5 ${inputClasses}`}
          />
        </div>
        <div>
          <label htmlFor="request-email" className={labelClasses}>
            Email <RequiredMark />
          </label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            onChange={(event) => update('email', event.target.value)}
            className={`mt-1.5 ${inputClasses}`}
          />
        </div>
      </div>
      <div>
        <label htmlFor="request-company" className={labelClasses}>
          Company <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          {...fieldProps('company')}
          type="text"
          autoComplete="organization"
          onChange={(event) => update('company', event.target.value)}
          className={`mt-1.5 ${inputClasses}`}
        />
      </div>
      <div>
        <label htmlFor="request-message" className={labelClasses}>
          Message <RequiredMark />
        </label>
        <textarea
          {...fieldProps('message')}
          rows={7}
          aria-required="true"
          onChange={(event) => update('message', event.target.value)}
          className={`mt-1.5 resize-y ${inputClasses}`}
        />
      </div>
      {missing.length > 0 && <FormAlert id={errorId}>{MISSING_FIELDS}</FormAlert>}
      {config.isError && (
        <FormAlert id={configErrorId}>
          The support address could not be loaded. Please reload the page and try again.
        </FormAlert>
      )}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={opening || !config.data}
          aria-describedby={config.isError ? configErrorId : undefined}
          className={buttonClasses('primary', 'lg')}
        >
          {opening && <ButtonSpinner />}
          {opening ? 'Opening Email Client...' : 'Send Request'}
        </button>
      </div>
    </form>
  )
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      *
    </span>
  )
}
