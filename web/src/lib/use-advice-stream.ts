import type { AdviceResponse } from '@app/contracts/advice'
import { useCallback, useEffect, useRef, useState } from 'react'
import { streamAdvice } from './advice-stream.ts'
import type { ApiBody, ApiPath } from './api-catalog.ts'

/** The catalog's streaming advice routes: each answers AdviceStreamEventSchema events. */
export type AdviceStreamPath = Extract<ApiPath<'POST'>, `/api/ai/${string}/stream`>

/** The one exchange a conversation keeps (docs/requirements.md section 4): the latest question and its answer so far. */
export type Exchange = {
  question: string
  answer: string
  followUps: string[]
  status: 'streaming' | 'done' | 'failed'
}

/**
 * Asks a streaming advice route and keeps the latest exchange, replacing the previous one. Asking again
 * while an answer streams abandons the older answer. `onError` reports a failure (the page's toast).
 */
export function useAdviceStream<Path extends AdviceStreamPath>(
  path: Path,
  onError: (error: unknown) => void,
) {
  const [exchange, setExchange] = useState<Exchange | null>(null)
  const controller = useRef<AbortController | null>(null)
  const reportError = useRef(onError)
  reportError.current = onError

  useEffect(() => () => controller.current?.abort(), [])

  const ask = useCallback(
    async (question: string, body: ApiBody<'POST', Path>): Promise<AdviceResponse | null> => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setExchange({ question, answer: '', followUps: [], status: 'streaming' })
      try {
        const answer = await streamAdvice(path, body, {
          signal: current.signal,
          onToken: (text) =>
            setExchange((previous) =>
              previous && !current.signal.aborted
                ? { ...previous, answer: previous.answer + text }
                : previous,
            ),
        })
        if (current.signal.aborted) return null
        // The final text is the service's own, so a token lost on the way cannot leave the answer short.
        setExchange({ question, answer: answer.response, followUps: answer.followUps, status: 'done' })
        return answer
      } catch (error) {
        if (current.signal.aborted) return null
        setExchange((previous) => (previous ? { ...previous, status: 'failed' } : previous))
        reportError.current(error)
        return null
      }
    },
    [path],
  )

  const clear = useCallback(() => {
    controller.current?.abort()
    setExchange(null)
  }, [])

  return { exchange, ask, clear }
}
