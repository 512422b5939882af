import {
  AdviceResponseSchema,
  AdviceStreamEventSchema,
  type AdviceResponse,
  type AdviceStreamEvent,
} from '@app/contracts/advice'
import { postForEvents, readEvents, ServerEventParser } from './event-stream.ts'

/** The advice routes' events, each checked against the contract as it arrives. */
export class AdviceEventParser extends ServerEventParser<AdviceStreamEvent> {
  constructor() {
    super((data) => AdviceStreamEventSchema.parse(data))
  }
}

/** A provider failure reported inside the stream, after it began. */
export class AdviceStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'AdviceStreamError'
  }
}

/**
 * POSTs a question to a streaming advice route and calls `onToken` with each piece of the answer as it
 * comes. Resolves with the final answer and follow-ups; a refusal before the stream (403, 429, 503) throws
 * the API client's `status: body` error, and a failure inside it throws AdviceStreamError.
 */
export async function streamAdvice(
  path: string,
  body: unknown,
  { onToken, signal }: { onToken: (text: string) => void; signal?: AbortSignal },
): Promise<AdviceResponse> {
  const answer = await postForEvents(path, { body, signal })
  // A server may answer the whole advice as JSON instead of a stream; it is the same answer.
  if (answer.kind === 'json') {
    const whole = AdviceResponseSchema.parse(answer.body)
    onToken(whole.response)
    return whole
  }
  const done = await readEvents(answer.reader, new AdviceEventParser(), (event) => {
    if (event.type === 'token') {
      onToken(event.text)
      return undefined
    }
    if (event.type === 'done') return { response: event.response, followUps: event.followUps }
    throw new AdviceStreamError(event.message, event.code)
  })
  if (done === null)
    throw new AdviceStreamError('The answer ended before it was complete', 'STREAM_INCOMPLETE')
  return done
}
