import { useCallback } from 'react'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { useAdviceStream } from '../../../lib/use-advice-stream.ts'

/** Advice about one profile, streamed word by word; keeps the latest exchange only. */
export function useDiscAnalysisStream(onError: (error: unknown) => void) {
  const stream = useAdviceStream('/api/ai/disc-analysis/stream', onError)
  const { ask } = stream
  const askAbout = useCallback(
    (request: ApiBody<'POST', '/api/ai/disc-analysis/stream'>) => ask(request.question, request),
    [ask],
  )
  return { exchange: stream.exchange, ask: askAbout, clear: stream.clear }
}
