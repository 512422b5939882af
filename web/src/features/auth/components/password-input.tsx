import { useState, type ComponentProps } from 'react'
import { inputClasses, type FieldControlProps } from '../../../components/ui/form.tsx'

type PasswordInputProps = FieldControlProps & {
  /**
   * What binds the field to its form: react-hook-form's `register(name)`, or a controlled value and its
   * change handler (the login form, which loads no form library).
   */
  field: Pick<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>
  autoComplete: 'current-password' | 'new-password'
  /** What the toggle shows or hides, for its accessible name ('Show new password'). */
  fieldName?: string
}

/** A password field with a show/hide toggle that keeps its accessible name in step with its state. */
export function PasswordInput({
  field,
  autoComplete,
  fieldName = 'password',
  ...control
}: PasswordInputProps) {
  const { id } = control
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <input
        {...field}
        {...control}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        aria-required="true"
        className={`${inputClasses} pr-11`}
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={`${visible ? 'Hide' : 'Show'} ${fieldName}`}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        {visible ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M3.28 2.22a.75.75 0 0 0-1.06 1.06l14.5 14.5a.75.75 0 1 0 1.06-1.06l-1.75-1.75a10.05 10.05 0 0 0 3.3-4.38.96.96 0 0 0 0-.59A10 10 0 0 0 6.9 4.4L3.28 2.22Zm4.42 3.36 1.07 1.07a3.5 3.5 0 0 1 4.58 4.58l1.07 1.07a5 5 0 0 0-6.72-6.72Z" />
            <path d="M10.75 13.42 6.58 9.25a3.5 3.5 0 0 0 4.17 4.17ZM5.5 8.17 3.3 5.96A10.04 10.04 0 0 0 .67 9.7a.96.96 0 0 0 0 .59 10 10 0 0 0 12.38 6.54l-1.9-1.9A5 5 0 0 1 5.5 8.17Z" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
            <path
              fillRule="evenodd"
              d="M.66 10.59a.96.96 0 0 1 0-.59 10 10 0 0 1 18.68 0 .96.96 0 0 1 0 .59 10 10 0 0 1-18.68 0ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
              clipRule="evenodd"
            />
          </svg>
        )}
      </button>
    </div>
  )
}
