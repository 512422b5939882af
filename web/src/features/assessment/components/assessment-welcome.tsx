import type { AssessmentType } from '@app/contracts/profiles'
import { paths } from '@app/domain/spa-routes'
import type { Ref } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { textLinkClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { QUESTIONS } from '../assessment-state.ts'

const ASSESSMENTS: Record<
  AssessmentType,
  { label: string; title: string; summary: string; learn: readonly string[] }
> = {
  disc: {
    label: 'DISC',
    title: 'DISC Assessment',
    summary:
      'Discover your communication style across four traits: Dominance, Influence, Steadiness and Conscientiousness.',
    learn: [
      'Your primary communication style and what drives it',
      'The strengths you bring to a team, and the blind spots to watch',
      'Practical advice for meetings, presentations, conflicts and projects',
      'How to flex your style to work well with others',
    ],
  },
  prevue: {
    label: 'Prevue',
    title: 'Prevue Assessment',
    summary:
      'Explore your abilities, what motivates you at work, and the personality dimensions that shape how you work.',
    learn: [
      'Your abilities with numbers, words, shapes and new problems',
      'Whether you are most motivated by people, data or things',
      'Thirteen key personality dimensions, each on a scale of 1 to 10',
      'A profile you can save, revisit and share with your team',
    ],
  },
}

const KINDS: readonly AssessmentType[] = ['disc', 'prevue']

/** The first stage: choose DISC or Prevue, see what it involves, and start. */
export function AssessmentWelcome({
  kind,
  onChoose,
  onStart,
  headingRef,
}: {
  kind: AssessmentType
  onChoose: (kind: AssessmentType) => void
  onStart: () => void
  headingRef: Ref<HTMLHeadingElement>
}) {
  const assessment = ASSESSMENTS[kind]
  const questionCount = QUESTIONS[kind].length
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
          Personality Assessment
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 focus:outline-none sm:text-4xl"
        >
          Discover how you work best
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-base text-slate-600">
          Answer a few short questions and get a personal profile with practical advice you can use every day.
        </p>
      </div>

      <fieldset className="mt-8 flex flex-col items-center">
        <legend className="sr-only">Assessment type</legend>
        <div className="inline-flex rounded-xl bg-slate-200/70 p-1">
          {KINDS.map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded-lg px-5 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 has-checked:bg-white has-checked:text-indigo-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
            >
              <input
                type="radio"
                name="assessment-type"
                value={option}
                checked={kind === option}
                onChange={() => onChoose(option)}
                className="sr-only"
              />
              {ASSESSMENTS[option].label}
            </label>
          ))}
        </div>
      </fieldset>

      <section
        aria-labelledby="assessment-welcome-title"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="assessment-welcome-title" className="text-xl font-semibold text-slate-900">
              {assessment.title}
            </h2>
            <p className="mt-1.5 text-sm text-slate-600">{assessment.summary}</p>
          </div>
          <p className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .2.08.39.22.53l3 3a.75.75 0 1 0 1.06-1.06l-2.78-2.78V5Z"
                clipRule="evenodd"
              />
            </svg>
            Takes about 5 minutes · {questionCount} questions
          </p>
        </div>

        <h3 className="mt-6 text-sm font-semibold text-slate-900">What you will learn</h3>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {assessment.learn.map((item) => (
            <li key={item} className="flex items-start gap-2.5 text-sm text-slate-700">
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
              {item}
            </li>
          ))}
        </ul>

        <div className="mt-8 flex flex-col-reverse gap-4 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Already know your DISC scores?{' '}
            <Link to={paths.scores} className={textLinkClasses}>
              Enter them directly
            </Link>
          </p>
          <button type="button" onClick={onStart} className={buttonClasses('primary', 'lg')}>
            Start {assessment.label} Assessment
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M3 10a.75.75 0 0 1 .75-.75h10.64l-4.17-3.96a.75.75 0 1 1 1.04-1.08l5.5 5.25a.75.75 0 0 1 0 1.08l-5.5 5.25a.75.75 0 1 1-1.04-1.08l4.17-3.96H3.75A.75.75 0 0 1 3 10Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        </div>
      </section>
    </div>
  )
}
