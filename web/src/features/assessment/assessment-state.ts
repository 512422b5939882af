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

/** Where an assessment in progress is, read from the address: `?step=N` (1-based question) or `?step=results`. */
export type AssessmentView =
  | { stage: 'welcome' }
  | { stage: 'questions'; index: number }
  | { stage: 'results'; answers: readonly string[] }

export type AssessmentPosition = { view: AssessmentView; canonicalStep: string | null }

/**
 * The screen an address shows for the stored answers: a question is reachable once every earlier one is
 * answered, results once all are. Any other step (edited, or left from a finished flow) is moved to the
 * furthest screen the answers allow; without answers, to the welcome screen.
 */
export function assessmentPosition(
  progress: { kind: AssessmentType; answers: ReadonlyArray<string | null> } | null,
  step: string | null,
): AssessmentPosition {
  if (progress === null || step === null) return { view: { stage: 'welcome' }, canonicalStep: null }
  const count = QUESTIONS[progress.kind].length
  const firstOpen = progress.answers.findIndex((answer) => answer === null)
  const complete = progress.answers.length === count && firstOpen === -1
  const furthest: AssessmentPosition = complete
    ? { view: { stage: 'results', answers: progress.answers as string[] }, canonicalStep: 'results' }
    : { view: { stage: 'questions', index: firstOpen }, canonicalStep: String(firstOpen + 1) }
  if (progress.answers.length !== count) return { view: { stage: 'welcome' }, canonicalStep: null }
  if (step === 'results') return furthest
  const number = /^[1-9]\d*$/.test(step) ? Number(step) : NaN
  if (!(number >= 1 && number <= count)) return furthest
  if (!complete && number - 1 > firstOpen) return furthest
  return { view: { stage: 'questions', index: number - 1 }, canonicalStep: step }
}
