import type { AdviceResponse, AdviceStreamEvent } from '@app/contracts/advice'
import { postForEvents, readEvents, ServerEventParser } from './event-stream.ts'

type EventSchema = { parse: (data: unknown) => AdviceStreamEvent }

/** The advice routes' events, each checked against the contract (`AdviceStreamEventSchema`) as it arrives. */
export class AdviceEventParser extends ServerEventParser<AdviceStreamEvent> {
  constructor(schema: EventSchema) {
    super((data) => schema.parse(data))
  }
}

/** The contract's schemas load with the first question, not with the page (docs/decisions/065-first-pages-without-zod.md). */
const loadAdviceSchemas = () => import('@app/contracts/advice')

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
  const loading = loadAdviceSchemas()
  loading.catch(() => undefined) // a failed load is reported when the answer is read
  const answer = await postForEvents(path, { body, signal })
  const { AdviceResponseSchema, AdviceStreamEventSchema } = await loading
  // A server may answer the whole advice as JSON instead of a stream; it is the same answer.
  if (answer.kind === 'json') {
    const whole = AdviceResponseSchema.parse(answer.body)
    onToken(whole.response)
    return whole
  }
  const done = await readEvents(answer.reader, new AdviceEventParser(AdviceStreamEventSchema), (event) => {
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
