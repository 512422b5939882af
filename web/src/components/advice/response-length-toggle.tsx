import type { ResponseLength } from '@app/contracts/advice'
import { useId } from 'react'

const OPTIONS: ReadonlyArray<{ value: ResponseLength; label: string }> = [
  { value: 'short', label: 'Short Form' },
  { value: 'long', label: 'Long Form' },
]

/** The spec's 'Response Length' toggle: two pressed-or-not buttons in a labelled group. */
export function ResponseLengthToggle({
  value,
  onChange,
}: {
  value: ResponseLength
  onChange: (value: ResponseLength) => void
}) {
  const labelId = useId()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        Response Length
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex rounded-lg bg-slate-100 p-1">
        {OPTIONS.map((option) => {
          const pressed = option.value === value
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(option.value)}
              className={`rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                pressed ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {option.label}
            </button>
          )
        })}
      </div>
    </div>
  )
}
