import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { DISC_TYPES, type DiscScores, type DiscType } from '@app/domain/disc'
import { formatDiscScore } from '@app/domain/profile-scores'

/** The spec's colours: D red, I amber, S green, C blue (the same shades as the logo). */
const BAR_COLOURS: Record<DiscType, string> = {
  D: 'bg-red-600',
  I: 'bg-amber-500',
  S: 'bg-emerald-600',
  C: 'bg-blue-600',
}

/** Four labelled percentage bars of measured scores; the label and value are text, the bar only repeats them. */
export function DiscScoreBars({ scores }: { scores: DiscScores }) {
  return (
    <ul className="space-y-3">
      {DISC_TYPES.map((type) => (
        <li key={type}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${BAR_COLOURS[type]}`} />
              {DISC_STYLE_NAMES[type]} ({type})
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatDiscScore(scores[type])}</span>
          </div>
          <div aria-hidden="true" className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
            <div
              className={`h-full rounded-full ${BAR_COLOURS[type]}`}
              style={{ width: `${scores[type]}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
