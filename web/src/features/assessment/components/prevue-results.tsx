import {
  PREVUE_DIMENSION_DESCRIPTIONS,
  PREVUE_DIMENSION_LABELS,
  PREVUE_GROUPS,
} from '@app/domain/content/prevue-dimensions'
import { PREVUE_MAX_SCORE, type PrevueScores } from '@app/domain/prevue'
import type { Ref } from 'react'
import { ResultsActions, type SaveStatus } from './results-actions.tsx'

const GROUP_BAR_COLOURS = ['bg-indigo-600', 'bg-teal-600', 'bg-sky-600'] as const

/** The Prevue results page: the three groups of dimensions, each dimension out of 10. */
export function PrevueResults({
  scores,
  status,
  onSave,
  onRestart,
  headingRef,
}: {
  scores: PrevueScores
  status: SaveStatus
  onSave: () => void
  onRestart: () => void
  headingRef: Ref<HTMLHeadingElement>
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Prevue Assessment</p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 focus:outline-none"
          >
            Your Prevue Results
          </h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-600">
            Each dimension is scored from 1 to 10. Scores around the middle are typical; the further a score
            sits from the middle, the more clearly that trait shows in how you work.
          </p>
        </div>
        <ResultsActions
          saveLabel="Save Results"
          restartLabel="Take Another Assessment"
          status={status}
          onSave={onSave}
          onRestart={onRestart}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {PREVUE_GROUPS.map((group, groupIndex) => {
          const headingId = `prevue-group-${groupIndex}`
          return (
            <section
              key={group.title}
              aria-labelledby={headingId}
              className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${
                groupIndex === PREVUE_GROUPS.length - 1 ? 'lg:col-span-2' : ''
              }`}
            >
              <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                {group.title}
              </h2>
              <ul
                className={`mt-4 grid gap-x-10 gap-y-5 ${groupIndex === PREVUE_GROUPS.length - 1 ? 'md:grid-cols-2' : ''}`}
              >
                {group.dimensions.map((dimension) => (
                  <li key={dimension} data-dimension={dimension}>
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="text-sm font-medium text-slate-900">
                        {PREVUE_DIMENSION_LABELS[dimension]}
                      </span>
                      <span className="text-sm font-semibold text-slate-900 tabular-nums">
                        {scores[dimension]}/{PREVUE_MAX_SCORE}
                      </span>
                    </div>
                    <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
                      <div
                        className={`h-full rounded-full ${GROUP_BAR_COLOURS[groupIndex % GROUP_BAR_COLOURS.length]}`}
                        style={{ width: `${(scores[dimension] / PREVUE_MAX_SCORE) * 100}%` }}
                      />
                    </div>
                    <p className="mt-1.5 text-xs text-slate-600">
                      {PREVUE_DIMENSION_DESCRIPTIONS[dimension]}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          )
        })}
      </div>
    </div>
  )
}
