import { PREVUE_DIMENSION_LABELS, PREVUE_GROUPS } from '@app/domain/content/prevue-dimensions'
import { PREVUE_MAX_SCORE, type PrevueScores } from '@app/domain/prevue'
import { formatSten } from '@app/domain/profile-scores'

/** The three Prevue groups in a compact form for a profile card, each dimension out of 10. */
export function PrevueScoreGroups({ scores }: { scores: PrevueScores }) {
  return (
    <div className="space-y-6">
      {PREVUE_GROUPS.map((group) => (
        <div key={group.title}>
          <h3 className="text-sm font-semibold text-slate-900">{group.title}</h3>
          <ul className="mt-2 grid gap-x-8 gap-y-2.5 sm:grid-cols-2">
            {group.dimensions.map((dimension) => (
              <li key={dimension}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="text-slate-700">{PREVUE_DIMENSION_LABELS[dimension]}</span>
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatSten(scores[dimension])}
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <div
                    className="h-full rounded-full bg-indigo-600"
                    style={{ width: `${(scores[dimension] / PREVUE_MAX_SCORE) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
