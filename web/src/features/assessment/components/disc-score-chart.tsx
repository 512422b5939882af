import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { DISC_TYPES, type DiscScores, type DiscType } from '@app/domain/disc'

/** The spec's colours: D red, I amber, S green, C blue (the same shades as the logo). */
const BAR_COLOURS: Record<DiscType, string> = {
  D: 'bg-red-600',
  I: 'bg-amber-500',
  S: 'bg-emerald-600',
  C: 'bg-blue-600',
}

/**
 * A column chart of the four percentages. Every column shows its value and style in text, and a screen
 * reader hears one sentence per style instead of the pieces of the drawing.
 */
export function DiscScoreChart({ scores, primary }: { scores: DiscScores; primary: DiscType }) {
  return (
    <figure>
      <figcaption className="text-sm font-semibold text-slate-900">Your DISC scores</figcaption>
      <ul className="mt-4 grid grid-cols-4 gap-3 sm:gap-5">
        {DISC_TYPES.map((type) => (
          <li key={type} className="flex flex-col items-center">
            <span className="sr-only">
              {DISC_STYLE_NAMES[type]} ({type}): {scores[type]}%
              {type === primary ? ', your primary style' : ''}
            </span>
            <span aria-hidden="true" className="text-lg font-semibold text-slate-900 tabular-nums">
              {scores[type]}%
            </span>
            <span
              aria-hidden="true"
              className="mt-2 flex h-44 w-full max-w-16 items-end overflow-hidden rounded-lg bg-slate-100"
            >
              <span
                className={`block w-full rounded-lg ${BAR_COLOURS[type]} transition-[height] duration-500 motion-reduce:transition-none`}
                style={{ height: `${scores[type]}%` }}
              />
            </span>
            <span aria-hidden="true" className="mt-2 text-sm font-semibold text-slate-900">
              {type}
            </span>
            {type === primary && (
              <span aria-hidden="true" className="text-xs font-medium text-indigo-700">
                Primary
              </span>
            )}
          </li>
        ))}
      </ul>
      <ul
        aria-hidden="true"
        className="mt-5 grid grid-cols-2 gap-x-4 gap-y-1.5 border-t border-slate-100 pt-4"
      >
        {DISC_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-2 text-xs text-slate-700">
            <span className={`size-2.5 shrink-0 rounded-full ${BAR_COLOURS[type]}`} />
            <span>
              <span className="font-semibold text-slate-900">{type}</span> {DISC_STYLE_NAMES[type]}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
