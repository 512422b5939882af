import type { AdviceResponse, ResponseLength } from '@app/contracts/advice'
import type { AssessmentType } from '@app/contracts/profiles'
import type { QuestionCategory } from '@app/contracts/questions'
import type { DiscType } from '@app/domain/disc'
import type { PrevueScores } from '@app/domain/prevue'

/**
 * What a prompt may know about a profile: the allowlisted fields only (docs/security.md 31). Owner ids,
 * answers, timestamps and sharing details never get this far.
 */
export interface AdviceSubject {
  name: string
  assessmentType: AssessmentType
  /** Measured for a DISC profile; for a Prevue one, derived from its result (packages/domain prevue-disc). */
  primaryType: DiscType
  scores: Record<DiscType, number>
  /** The 20 Prevue dimensions of a Prevue profile; null for DISC. */
  prevue: PrevueScores | null
}

export type AdviceRequest =
  | {
      kind: 'analysis'
      subject: AdviceSubject
      question: string
      category: QuestionCategory
      length: ResponseLength
    }
  | {
      kind: 'collaboration'
      first: AdviceSubject
      second: AdviceSubject
      question: string
      length: ResponseLength
    }

/** 'stream' when someone watches the answer arrive; 'whole' when only the finished answer is sent. */
export type AnswerDelivery = 'stream' | 'whole'

/**
 * A provider streams the answer's text as it comes and returns the whole answer with its follow-ups.
 * It throws ProviderError when it cannot answer.
 */
export interface AdviceProvider {
  readonly name: 'builtin' | 'openai'
  answer(
    request: AdviceRequest,
    signal: AbortSignal,
    delivery: AnswerDelivery,
  ): AsyncGenerator<string, AdviceResponse, undefined>
}

export class ProviderError extends Error {
  override name = 'ProviderError'
}
