import { BALANCED_FLEX_TEXT, DISC_ADVICE_GROUPS, DISC_STYLES } from '@app/domain/content/disc-styles'
import type { ReactNode, Ref } from 'react'
import type { DiscResult } from '../assessment-state.ts'
import { DiscScoreChart } from './disc-score-chart.tsx'
import { ResultsActions, type SaveStatus } from './results-actions.tsx'

const cardClasses = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'

/** The DISC results page: scores, the primary style, its strengths, blind spots and advice. */
export function DiscResults({
  result,
  status,
  onSave,
  onRestart,
  headingRef,
}: {
  result: DiscResult
  status: SaveStatus
  onSave: () => void
  onRestart: () => void
  headingRef: Ref<HTMLHeadingElement>
}) {
  const style = DISC_STYLES[result.primary]
  const flexText = result.flex ? DISC_STYLES[result.flex].flexFactor : BALANCED_FLEX_TEXT
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">DISC Assessment</p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 focus:outline-none"
          >
            Your DISC Results
          </h1>
        </div>
        <ResultsActions
          saveLabel="Save My Results"
          restartLabel="Retake Assessment"
          status={status}
          onSave={onSave}
          onRestart={onRestart}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="disc-primary-style" className={cardClasses}>
          <p className="text-sm font-medium text-slate-600">Your primary style</p>
          <h2 id="disc-primary-style" className="mt-1 text-2xl font-semibold text-slate-900">
            {style.name} ({style.type})
          </h2>
          <p className="text-base font-medium text-indigo-700">{style.title}</p>
          <p className="mt-4 text-sm leading-6 text-slate-700">{style.description}</p>
        </section>
        <section aria-label="Score chart" className={cardClasses}>
          <DiscScoreChart scores={result.scores} primary={result.primary} />
        </section>
      </div>

      <section
        aria-labelledby="disc-flex-factor"
        className="mt-6 rounded-2xl border border-indigo-200 bg-indigo-50 p-6"
      >
        <h2 id="disc-flex-factor" className="text-base font-semibold text-indigo-950">
          Flex Factor
        </h2>
        <p className="mt-2 text-sm leading-6 text-indigo-950">{flexText}</p>
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <ListCard id="disc-strengths" title="Strengths" items={style.strengths} marker={<CheckMark />} />
        <ListCard id="disc-blind-spots" title="Blind Spots" items={style.blindSpots} marker={<WatchMark />} />
      </div>

      <section aria-labelledby="disc-advice" className="mt-10">
        <h2 id="disc-advice" className="text-xl font-semibold text-slate-900">
          Communication Advice
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Practical habits that play to the strengths of the {style.name} style.
        </p>
        <div className="mt-5 grid gap-6 md:grid-cols-2">
          {DISC_ADVICE_GROUPS.map((group) => (
            <section key={group.key} aria-labelledby={`disc-advice-${group.key}`} className={cardClasses}>
              <h3 id={`disc-advice-${group.key}`} className="text-base font-semibold text-slate-900">
                {group.title}
              </h3>
              <ul className="mt-3 space-y-2">
                {style.advice[group.key].map((item) => (
                  <li key={item} className="flex gap-2.5 text-sm text-slate-700">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-indigo-500" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </div>
  )
}

function ListCard({
  id,
  title,
  items,
  marker,
}: {
  id: string
  title: string
  items: readonly string[]
  marker: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={cardClasses}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2.5 text-sm text-slate-700">
            {marker}
            {item}
          </li>
        ))}
      </ul>
    </section>
  )
}

function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mt-0.5 size-4 shrink-0 text-emerald-600"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  )
}

function WatchMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mt-0.5 size-4 shrink-0 text-amber-600"
    >
      <path
        fillRule="evenodd"
        d="M8.5 3.5a1.7 1.7 0 0 1 3 0l6 10.5A1.7 1.7 0 0 1 16 16.5H4a1.7 1.7 0 0 1-1.5-2.5l6-10.5ZM10 7a.75.75 0 0 1 .75.75v3a.75.75 0 0 1-1.5 0v-3A.75.75 0 0 1 10 7Zm0 7a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  )
}
