import type { SaveAssessmentRequest } from '@app/contracts/profiles'
import { useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { useToast } from '../../../components/ui/toast.tsx'
import { PRODUCT_NAME } from '../../../config/product.ts'
import {
  QUESTIONS,
  assessmentReducer,
  discResult,
  discSaveRequest,
  initialAssessmentState,
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
 * The assessment on one screen: welcome, questions, then results (spec section 2). Saving is handed in by
 * the route, so this feature does not depend on where profiles are stored.
 */
export function AssessmentFlow({ onSave }: { onSave: SaveAssessment }) {
  const [state, dispatch] = useReducer(assessmentReducer, initialAssessmentState)
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('idle')
  const { toast } = useToast()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const step = state.stage === 'questions' ? `${state.stage}-${state.index}` : state.stage
  const shownStep = useRef(step)

  useEffect(() => {
    // Each new step is announced from its heading; the first render keeps the browser's own focus.
    if (shownStep.current === step) return
    shownStep.current = step
    window.scrollTo({ top: 0 })
    headingRef.current?.focus()
  }, [step])

  const results = useMemo(() => {
    if (state.stage !== 'results') return null
    return state.kind === 'disc'
      ? { kind: 'disc' as const, disc: discResult(state.answers) }
      : { kind: 'prevue' as const, prevue: prevueResult(state.answers), answers: state.answers }
  }, [state])

  async function save(request: SaveAssessmentRequest) {
    setSaveStatus('saving')
    try {
      await onSave(request)
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

  function restart() {
    setSaveStatus('idle')
    dispatch({ type: 'restart' })
  }

  const title = TITLES[state.kind]
  return (
    <>
      <title>{`${state.stage === 'results' ? `${title} Results` : title} · ${PRODUCT_NAME}`}</title>
      {state.stage === 'welcome' && (
        <AssessmentWelcome
          kind={state.kind}
          onChoose={(kind) => dispatch({ type: 'choose', kind })}
          onStart={() => dispatch({ type: 'start' })}
          headingRef={headingRef}
        />
      )}
      {state.stage === 'questions' && (
        <QuestionStep
          key={state.index}
          title={title}
          question={QUESTIONS[state.kind][state.index]!}
          number={state.index + 1}
          count={state.answers.length}
          answer={state.answers[state.index] ?? null}
          onAnswer={(value) => dispatch({ type: 'answer', value })}
          onPrevious={() => dispatch({ type: 'previous' })}
          onNext={() => dispatch({ type: 'next' })}
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
