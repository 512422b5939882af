import type { AssessmentType, SaveAssessmentRequest } from '@app/contracts/profiles'
import { DISC_QUESTIONS } from '@app/domain/content/disc-questions'
import { PREVUE_QUESTIONS } from '@app/domain/content/prevue-questions'
import {
  discScores,
  flexFactorType,
  isDiscType,
  primaryType,
  type DiscScores,
  type DiscType,
} from '@app/domain/disc'
import { prevueScores, type PrevueOptionScores, type PrevueScores } from '@app/domain/prevue'

/** What both question sets have in common, which is all the question screen needs. */
export type AssessmentQuestion = {
  id: number
  question: string
  imageSrc: string
  imageAlt: string
  options: ReadonlyArray<{ value: string; label: string; description: string }>
}

export const QUESTIONS: Record<AssessmentType, readonly AssessmentQuestion[]> = {
  disc: DISC_QUESTIONS,
  prevue: PREVUE_QUESTIONS,
}

/** Answers are kept per question index, so going back and forward keeps every earlier choice. */
export type AssessmentState =
  | { stage: 'welcome'; kind: AssessmentType }
  | { stage: 'questions'; kind: AssessmentType; index: number; answers: ReadonlyArray<string | null> }
  | { stage: 'results'; kind: AssessmentType; answers: readonly string[] }

export type AssessmentAction =
  | { type: 'choose'; kind: AssessmentType }
  | { type: 'start' }
  | { type: 'answer'; value: string }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'restart' }

export const initialAssessmentState: AssessmentState = { stage: 'welcome', kind: 'disc' }

export function assessmentReducer(state: AssessmentState, action: AssessmentAction): AssessmentState {
  switch (action.type) {
    case 'choose':
      return state.stage === 'welcome' ? { stage: 'welcome', kind: action.kind } : state
    case 'start':
      if (state.stage !== 'welcome') return state
      return {
        stage: 'questions',
        kind: state.kind,
        index: 0,
        answers: QUESTIONS[state.kind].map(() => null),
      }
    case 'answer': {
      if (state.stage !== 'questions') return state
      const question = QUESTIONS[state.kind][state.index]
      if (!question?.options.some((option) => option.value === action.value)) return state
      const answers = state.answers.map((answer, index) => (index === state.index ? action.value : answer))
      return { ...state, answers }
    }
    case 'previous':
      if (state.stage !== 'questions' || state.index === 0) return state
      return { ...state, index: state.index - 1 }
    case 'next': {
      // Moving on needs an answer to the current question (spec section 5).
      if (state.stage !== 'questions' || state.answers[state.index] == null) return state
      if (state.index < state.answers.length - 1) return { ...state, index: state.index + 1 }
      const answers = state.answers.filter((answer): answer is string => answer !== null)
      if (answers.length !== state.answers.length) return state
      return { stage: 'results', kind: state.kind, answers }
    }
    case 'restart':
      // A retake starts again from the welcome screen with the results cleared (spec section 4).
      return { stage: 'welcome', kind: state.kind }
  }
}

export type DiscResult = { scores: DiscScores; primary: DiscType; flex: DiscType | null; answers: DiscType[] }

export function discResult(answers: readonly string[]): DiscResult {
  const letters = answers.filter(isDiscType)
  const scores = discScores(letters, DISC_QUESTIONS.length)
  return { scores, primary: primaryType(scores), flex: flexFactorType(scores), answers: letters }
}

/** Each answer is an option's value; its dimension scores come from the question it belongs to. */
export function prevueResult(answers: readonly string[]): PrevueScores {
  const chosen: PrevueOptionScores[] = answers.flatMap((answer, index) => {
    const option = PREVUE_QUESTIONS[index]?.options.find((candidate) => candidate.value === answer)
    return option ? [option.scores] : []
  })
  return prevueScores(chosen)
}

/** The spec's saved-assessment payload; the server ignores userId and stamps its own time. */
export function discSaveRequest(result: DiscResult): SaveAssessmentRequest {
  return {
    timestamp: new Date().toISOString(),
    assessmentType: 'disc',
    dScore: result.scores.D,
    iScore: result.scores.I,
    sScore: result.scores.S,
    cScore: result.scores.C,
    primaryType: result.primary,
    scoresData: null,
    answers: result.answers,
    userId: null,
  }
}

export function prevueSaveRequest(scores: PrevueScores, answers: readonly string[]): SaveAssessmentRequest {
  return {
    timestamp: new Date().toISOString(),
    assessmentType: 'prevue',
    scoresData: scores,
    answers: [...answers],
    userId: null,
  }
}
