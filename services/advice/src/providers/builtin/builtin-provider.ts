import type { AdviceResponse } from '@app/contracts/advice'
import type { AdviceProvider, AdviceRequest } from '../../advice-request.ts'
import { composeAnalysis } from './compose-analysis.ts'
import { composeCollaboration } from './compose-collaboration.ts'

export function composeAdvice(request: AdviceRequest): AdviceResponse {
  return request.kind === 'analysis' ? composeAnalysis(request) : composeCollaboration(request)
}

/**
 * The default advisor: no key and no network. It composes the answer from the knowledge base at once and
 * hands it out word by word, so the page streams the same way whichever provider answers.
 */
export function createBuiltinProvider(): AdviceProvider {
  return {
    name: 'builtin',
    async *answer(request: AdviceRequest, signal: AbortSignal) {
      const answer = composeAdvice(request)
      for (const word of answer.response.match(/\S+\s*/g) ?? []) {
        if (signal.aborted) break
        yield word
      }
      return answer
    },
  }
}
