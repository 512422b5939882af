import { setTimeout as sleep } from 'node:timers/promises'
import type { AdviceResponse } from '@app/contracts/advice'
import type { AdviceProvider, AdviceRequest, AnswerDelivery } from '../../advice-request.ts'
import { composeAnalysis } from './compose-analysis.ts'
import { composeCollaboration } from './compose-collaboration.ts'
import { piecesOf } from './paced-pieces.ts'

export function composeAdvice(request: AdviceRequest): AdviceResponse {
  return request.kind === 'analysis' ? composeAnalysis(request) : composeCollaboration(request)
}

/**
 * The default advisor: no key and no network. It composes the answer from the knowledge base at once and
 * hands it out as a model would stream it: the first words at once, then a few words every `paceMs`
 * (docs/decisions/029-paced-advice-streams.md); an answer sent whole is not held back. It stops as soon as
 * the signal aborts: the caller has gone.
 */
export function createBuiltinProvider({ paceMs }: { paceMs: number }): AdviceProvider {
  return {
    name: 'builtin',
    async *answer(request: AdviceRequest, signal: AbortSignal, delivery: AnswerDelivery) {
      const answer = composeAdvice(request)
      const pause = delivery === 'stream' ? paceMs : 0
      let first = true
      for (const piece of piecesOf(answer.response)) {
        if (!first && pause > 0) await sleep(pause, undefined, { signal })
        signal.throwIfAborted()
        first = false
        yield piece
      }
      return answer
    },
  }
}
