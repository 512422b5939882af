import { useId, type FormEvent, type Ref } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import type { AssessmentQuestion } from '../assessment-state.ts'

/**
 * One question: progress, the illustration and the options as a native radio group, so arrow keys move
 * between options and Space picks one. Enter or Next moves on once an option is chosen.
 */
export function QuestionStep({
  title,
  question,
  number,
  count,
  answer,
  onAnswer,
  onPrevious,
  onNext,
  headingRef,
}: {
  title: string
  question: AssessmentQuestion
  number: number
  count: number
  answer: string | null
  onAnswer: (value: string) => void
  onPrevious: () => void
  onNext: () => void
  headingRef: Ref<HTMLHeadingElement>
}) {
  const idPrefix = useId()
  const percent = Math.round((number / count) * 100)
  const last = number === count

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (answer !== null) onNext()
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{title}</h1>
      <div className="mt-3 flex items-center justify-between text-sm font-medium text-slate-700">
        <p>
          Question {number} of {count}
        </p>
        <p>{percent}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Assessment progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Question ${number} of ${count}, ${percent}% complete`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>

      <form
        onSubmit={handleSubmit}
        className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <img
          src={question.imageSrc}
          alt={question.imageAlt}
          width={320}
          height={200}
          className="mx-auto h-40 w-auto pt-6 sm:h-48"
        />
        <div className="p-6 sm:p-8">
          <fieldset>
            <legend className="w-full">
              <h2
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold text-balance text-slate-900 focus:outline-none sm:text-2xl"
              >
                {question.question}
              </h2>
            </legend>
            <div className="mt-5 grid gap-3">
              {question.options.map((option) => {
                const optionId = `${idPrefix}-${option.value}`
                return (
                  <label
                    key={option.value}
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 transition-colors hover:border-indigo-300 hover:bg-slate-50 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
                  >
                    <input
                      type="radio"
                      name={`question-${question.id}`}
                      value={option.value}
                      checked={answer === option.value}
                      onChange={() => onAnswer(option.value)}
                      aria-labelledby={`${optionId}-label`}
                      aria-describedby={`${optionId}-description`}
                      className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus:outline-none"
                    />
                    <span className="min-w-0">
                      <span id={`${optionId}-label`} className="block text-sm font-semibold text-slate-900">
                        {option.label}
                      </span>
                      <span id={`${optionId}-description`} className="mt-0.5 block text-sm text-slate-600">
                        {option.description}
                      </span>
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 bg-slate-50 px-6 py-4 sm:px-8">
          {number > 1 ? (
            <button type="button" onClick={onPrevious} className={buttonClasses('secondary')}>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M17 10a.75.75 0 0 1-.75.75H5.61l4.17 3.96a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.08l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.6 9.25h10.65A.75.75 0 0 1 17 10Z"
                  clipRule="evenodd"
                />
              </svg>
              Previous
            </button>
          ) : (
            <span />
          )}
          <button type="submit" disabled={answer === null} className={buttonClasses('primary')}>
            {last ? 'View Results' : 'Next'}
            {!last && (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M3 10a.75.75 0 0 1 .75-.75h10.64l-4.17-3.96a.75.75 0 1 1 1.04-1.08l5.5 5.25a.75.75 0 0 1 0 1.08l-5.5 5.25a.75.75 0 1 1-1.04-1.08l4.17-3.96H3.75A.75.75 0 0 1 3 10Z"
                  clipRule="evenodd"
                />
              </svg>
            )}
          </button>
        </div>
      </form>
    </div>
  )
}
