import type { DiscAnalysisRequest } from '@app/contracts/advice'
import { useCallback } from 'react'
import { useAdviceStream } from '../../../lib/use-advice-stream.ts'

export const DISC_ANALYSIS_STREAM_PATH = '/api/ai/disc-analysis/stream'

/** Advice about one profile, streamed word by word; keeps the latest exchange only. */
export function useDiscAnalysisStream(onError: (error: unknown) => void) {
  const stream = useAdviceStream(DISC_ANALYSIS_STREAM_PATH, onError)
  const { ask } = stream
  const askAbout = useCallback((request: DiscAnalysisRequest) => ask(request.question, request), [ask])
  return { exchange: stream.exchange, ask: askAbout, clear: stream.clear }
}
