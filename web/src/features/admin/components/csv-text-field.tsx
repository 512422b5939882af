import { useId, type ReactNode } from 'react'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'

/**
 * The pasted-CSV field of the import pages: its label (with an action such as Load Sample beside it),
 * the format hint above the text, and a monospace textarea the hint describes.
 */
export function CsvTextField({
  label,
  labelAside,
  hint,
  rows,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  label: string
  labelAside?: ReactNode
  hint: ReactNode
  rows: number
  value: string
  onChange: (value: string) => void
  disabled: boolean
  placeholder: string
}) {
  const id = useId()
  const hintId = useId()
  const labelElement = (
    <label htmlFor={id} className={labelClasses}>
      {label}
    </label>
  )
  return (
    <div>
      {labelAside ? (
        <div className="flex flex-wrap items-end justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={`mt-1.5 font-mono text-xs ${inputClasses}`}
      />
    </div>
  )
}
