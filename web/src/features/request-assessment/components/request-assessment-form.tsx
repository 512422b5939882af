import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, FormField, inputClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useClientConfig } from '../api/get-client-config.ts'
import { DEFAULT_REQUEST_MESSAGE, requestMailtoUrl, type AssessmentRequest } from '../request-mail.ts'

export const MAIL_CLIENT_DELAY_MS = 1000

const resolver = schemaResolver<AssessmentRequest>(
  async () => (await import('../request-form-schema.ts')).AssessmentRequestFormSchema,
)

/**
 * Opens the user's mail client with a request to the support address, which comes from the server's
 * configuration (checked there at start-up, so trusted here) and is never shown on the page.
 */
export function RequestAssessmentForm({ initial }: { initial: { name: string; email: string } }) {
  const config = useClientConfig()
  const { toast } = useToast()
  const { register, handleSubmit, formState } = useForm<AssessmentRequest>({
    resolver,
    defaultValues: {
      name: initial.name,
      email: initial.email,
      company: '',
      message: DEFAULT_REQUEST_MESSAGE,
    },
  })
  useSchemaPreload(resolver)
  const [opening, setOpening] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const errorId = useId()
  const configErrorId = useId()

  useEffect(() => () => clearTimeout(timer.current), [])

  function submit(values: AssessmentRequest) {
    if (!config.data) return
    const url = requestMailtoUrl(config.data.supportEmail, values)
    setOpening(true)
    timer.current = setTimeout(() => {
      window.location.href = url
      setOpening(false)
      // Said when the mail client is asked to open, not at the click.
      toast({
        title: 'Email Client Opened',
        description: 'Your e-mail application opens with the request ready to send.',
      })
    }, MAIL_CLIENT_DELAY_MS)
  }

  // The required fields share one message, shown once for the form.
  const { errors } = formState
  const missingMessage = errors.name?.message ?? errors.email?.message ?? errors.message?.message
  const fieldState = (field: keyof AssessmentRequest) => ({
    invalid: Boolean(errors[field]),
    describedBy: errors[field] ? errorId : undefined,
  })
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-5">
      <p className="text-sm text-slate-600">
        Fields marked with <span className="font-semibold text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="request-name"
          label={
            <>
              Your Name <RequiredMark />
            </>
          }
          {...fieldState('name')}
        >
          {(control) => (
            <input
              {...register('name')}
              {...control}
              type="text"
              autoComplete="name"
              aria-required="true"
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField
          id="request-email"
          label={
            <>
              Email <RequiredMark />
            </>
          }
          {...fieldState('email')}
        >
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
            />
          )}
        </FormField>
      </div>
      <FormField
        id="request-company"
        label={
          <>
            Company <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
      >
        {(control) => (
          <input
            {...register('company')}
            {...control}
            type="text"
            autoComplete="organization"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        id="request-message"
        label={
          <>
            Message <RequiredMark />
          </>
        }
        {...fieldState('message')}
      >
        {(control) => (
          <textarea
            {...register('message')}
            {...control}
            rows={7}
            aria-required="true"
            className={`resize-y ${inputClasses}`}
          />
        )}
      </FormField>
      {missingMessage && <FormAlert id={errorId}>{missingMessage}</FormAlert>}
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
