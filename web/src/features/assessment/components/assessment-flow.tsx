import type { AssessmentType, SaveAssessmentRequest } from '@app/contracts/profiles'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useToast } from '../../../components/ui/toast.tsx'
import { PRODUCT_NAME } from '../../../config/product.ts'
import {
  clearAssessmentProgress,
  loadAssessmentProgress,
  saveAssessmentProgress,
  type AssessmentProgress,
} from '../../../lib/assessment-progress.ts'
import {
  QUESTIONS,
  assessmentPosition,
  discResult,
  discSaveRequest,
  prevueResult,
  prevueSaveRequest,
} from '../assessment-state.ts'
import { AssessmentWelcome } from './assessment-welcome.tsx'
import { DiscResults } from './disc-results.tsx'
import { PrevueResults } from './prevue-results.tsx'
import { QuestionStep } from './question-step.tsx'
import type { SaveStatus } from './results-actions.tsx'

export type SaveAssessment = (request: SaveAssessmentRequest) => Promise<unknown>

const TITLES = { disc: 'DISC Assessment', prevue: 'Prevue Assessment' } as const

/**
 * The assessment: welcome, questions, then results (docs/requirements.md section 2). Each question and the results are
 * their own history entry (`?step=N`, `?step=results`), so Back and Forward move between them, and the
 * answers live in the tab's storage, so a refresh or a sign-in after the session ended resumes them.
 * A saved or restarted flow is cleared and does not resume. Saving is handed in by the route, so this
 * feature does not depend on where profiles are stored.
 */
export function AssessmentFlow({ onSave }: { onSave: SaveAssessment }) {
  // useLocation rather than useSearchParams: every react-router export used anywhere is in the first
  // page's shared chunk (docs/decisions/009).
  const { search } = useLocation()
  const navigate = useNavigate()
  const [progress, setProgress] = useState<AssessmentProgress | null>(loadAssessmentProgress)
  const [chosenKind, setChosenKind] = useState<AssessmentType>(() => progress?.kind ?? 'disc')
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle')
  const { toast } = useToast()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const stepParam = new URLSearchParams(search).get('step')
  const position = assessmentPosition(progress, stepParam)
  const view = position.view
  const step = view.stage === 'questions' ? `questions-${view.index}` : view.stage
  const shownStep = useRef(step)

  const redirecting = position.canonicalStep !== stepParam

  useEffect(() => {
    // Each new step is announced from its heading; the first render keeps the browser's own focus. A
    // render that only corrects the address shows no step yet.
    if (redirecting || shownStep.current === step) return
    shownStep.current = step
    window.scrollTo({ top: 0 })
    headingRef.current?.focus()
  }, [step, redirecting])

  useEffect(() => {
    // Once saved, leaving the results ends the flow: it is not resumed by Back or Forward.
    if (saveStatus === 'saved' && view.stage !== 'results') {
      setProgress(null)
      setSaveStatus('idle')
    }
  }, [saveStatus, view.stage])

  const kind = progress?.kind ?? chosenKind
  const results = useMemo(() => {
    if (view.stage !== 'results') return null
    return kind === 'disc'
      ? { kind: 'disc' as const, disc: discResult(view.answers) }
      : { kind: 'prevue' as const, prevue: prevueResult(view.answers), answers: view.answers }
  }, [view, kind])

  if (redirecting) {
    const search = position.canonicalStep === null ? '' : `?step=${position.canonicalStep}`
    return <Navigate to={{ search }} replace />
  }

  function update(next: AssessmentProgress | null) {
    setProgress(next)
    if (next) saveAssessmentProgress(next)
    else clearAssessmentProgress()
  }

  function goTo(stepValue: string | null) {
    void navigate({ search: stepValue === null ? '' : `?step=${stepValue}` })
  }

  async function save(request: SaveAssessmentRequest) {
    setSaveStatus('saving')
    try {
      await onSave(request)
      clearAssessmentProgress()
      setSaveStatus('saved')
      toast({ title: 'Results Saved!', description: 'Your assessment results have been saved successfully.' })
    } catch {
      setSaveStatus('idle')
      toast({
        title: 'Error',
        description: 'Failed to save your results. Please try again.',
        variant: 'destructive',
      })
    }
  }

  function start() {
    update({ kind: chosenKind, answers: QUESTIONS[chosenKind].map(() => null) })
    setSaveStatus('idle')
    goTo('1')
  }

  function answer(index: number, value: string) {
    if (!progress || !QUESTIONS[progress.kind][index]?.options.some((option) => option.value === value))
      return
    update({ ...progress, answers: progress.answers.map((old, at) => (at === index ? value : old)) })
  }

  function next(index: number) {
    // Moving on needs an answer to the current question (docs/requirements.md section 5).
    if (!progress || progress.answers[index] == null) return
    goTo(index < progress.answers.length - 1 ? String(index + 2) : 'results')
  }

  function restart() {
    // A retake starts again from the welcome screen with the results cleared (docs/requirements.md section 4).
    setSaveStatus('idle')
    update(null)
    goTo(null)
  }

  const title = TITLES[kind]
  return (
    <>
      <title>{`${view.stage === 'results' ? `${title} Results` : title} · ${PRODUCT_NAME}`}</title>
      {view.stage === 'welcome' && (
        <AssessmentWelcome
          kind={chosenKind}
          onChoose={setChosenKind}
          onStart={start}
          headingRef={headingRef}
        />
      )}
      {view.stage === 'questions' && progress && (
        <QuestionStep
          key={view.index}
          title={title}
          question={QUESTIONS[progress.kind][view.index]!}
          number={view.index + 1}
          count={progress.answers.length}
          answer={progress.answers[view.index] ?? null}
          onAnswer={(value) => answer(view.index, value)}
          onPrevious={() => goTo(String(view.index))}
          onNext={() => next(view.index)}
          headingRef={headingRef}
        />
      )}
      {results?.kind === 'disc' && (
        <DiscResults
          result={results.disc}
          status={saveStatus}
          onSave={() => void save(discSaveRequest(results.disc))}
          onRestart={restart}
          headingRef={headingRef}
        />
      )}
      {results?.kind === 'prevue' && (
        <PrevueResults
          scores={results.prevue}
          status={saveStatus}
          onSave={() => void save(prevueSaveRequest(results.prevue, results.answers))}
          onRestart={restart}
          headingRef={headingRef}
        />
      )}
    </>
  )
}
