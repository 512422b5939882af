import type { ResponseLength } from '@app/contracts/advice'
import { useCallback } from 'react'
import { useAdviceStream } from '../../../lib/use-advice-stream.ts'

/**
 * Relationship insights for two profiles, streamed word by word. Only the ids are sent: the service loads
 * both profiles itself, with the caller's access checked (decision 037).
 */
export function useDiscCollaborationStream(onError: (error: unknown) => void) {
  const stream = useAdviceStream('/api/ai/disc-collaboration/stream', onError)
  const { ask } = stream
  const askAbout = useCallback(
    (request: {
      myProfileId: number
      theirProfileId: number
      question: string
      responseLength: ResponseLength
    }) =>
      ask(request.question, {
        myProfile: { id: request.myProfileId },
        theirProfile: { id: request.theirProfileId },
        question: request.question,
        responseLength: request.responseLength,
      }),
    [ask],
  )
  return { exchange: stream.exchange, ask: askAbout, clear: stream.clear }
}
