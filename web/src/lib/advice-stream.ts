import {
  AdviceResponseSchema,
  AdviceStreamEventSchema,
  type AdviceResponse,
  type AdviceStreamEvent,
} from '@app/contracts/advice'
import { ApiError } from './api-client.ts'

/**
 * Reads server-sent events as they arrive: each `data:` line holds one JSON event; other lines (comments,
 * blank separators, `event:` names) carry nothing the advice stream uses. A line may arrive split across
 * chunks, so the unfinished tail waits for the next one.
 */
export class AdviceEventParser {
  #pending = ''

  push(chunk: string): AdviceStreamEvent[] {
    this.#pending += chunk
    const lines = this.#pending.split(/\r?\n/)
    this.#pending = lines.pop() ?? ''
    return lines.flatMap((line) => this.#read(line))
  }

  /** The last line, when the stream ends without a newline after it. */
  end(): AdviceStreamEvent[] {
    const last = this.#pending
    this.#pending = ''
    return this.#read(last)
  }

  #read(line: string): AdviceStreamEvent[] {
    if (!line.startsWith('data:')) return []
    const data = line.slice(5).trimStart()
    if (data === '') return []
    return [AdviceStreamEventSchema.parse(JSON.parse(data))]
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
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(body),
    signal: signal ?? null,
  })
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text())
  // A server may answer the whole advice as JSON instead of a stream; it is the same answer.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const answer = AdviceResponseSchema.parse(await response.json())
    onToken(answer.response)
    return answer
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const parser = new AdviceEventParser()
  const handle = (events: AdviceStreamEvent[]): AdviceResponse | null => {
    for (const event of events) {
      if (event.type === 'token') onToken(event.text)
      else if (event.type === 'done') return { response: event.response, followUps: event.followUps }
      else throw new AdviceStreamError(event.message, event.code)
    }
    return null
  }
  try {
    for (;;) {
      const { value, done } = await reader.read()
      const answer = handle(done ? parser.end() : parser.push(value))
      if (answer) return answer
      if (done) throw new AdviceStreamError('The answer ended before it was complete', 'STREAM_INCOMPLETE')
    }
  } finally {
    reader.cancel().catch(() => undefined)
  }
}
