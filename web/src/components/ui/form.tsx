import { useId, type ReactNode } from 'react'

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 aria-[invalid=true]:border-red-500'

export const labelClasses = 'block text-sm font-medium text-slate-800'

export const textLinkClasses =
  'rounded font-medium text-indigo-700 hover:text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

/** A field's own error, announced when it appears; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      {message}
    </p>
  )
}

/** A message about the whole form (a refused request, missing fields), announced when it appears. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  )
}

/** The spinning ring inside a busy button. */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
    />
  )
}

/** Joins the ids of the elements that describe a field, skipping absent ones. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '')
  return present.length > 0 ? present.join(' ') : undefined
}

/** What a field's control needs to be named, marked invalid and described. */
export type FieldControlProps = {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/**
 * The one field of every form: its label, the control (rendered by `children` with the accessibility
 * props), an optional hint, and the field's own error below it. A field whose message is shown for the
 * whole form (in a FormAlert) passes `invalid` and the alert's id in `describedBy` instead of `error`.
 */
export function FormField({
  id,
  label,
  labelAside,
  hint,
  error,
  invalid,
  describedBy: alsoDescribedBy,
  className,
  children,
}: {
  id: string
  label: ReactNode
  /** Shown at the end of the label's line, such as a 'Forgot your password?' link. */
  labelAside?: ReactNode
  hint?: ReactNode
  error?: string | undefined
  invalid?: boolean
  describedBy?: string | undefined
  className?: string
  children: (control: FieldControlProps) => ReactNode
}) {
  const hintId = useId()
  const errorId = useId()
  const labelElement = (
    <label htmlFor={id} className={labelClasses}>
      {label}
    </label>
  )
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <div className="mt-1.5">
        {children({
          id,
          'aria-invalid': invalid ?? Boolean(error),
          'aria-describedby': describedBy(hint ? hintId : null, error && errorId, alsoDescribedBy),
        })}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error ?? null} />
    </div>
  )
}
