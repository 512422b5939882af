import { ApiError } from './api-client.ts'

/**
 * Reads server-sent events as they arrive: each `data:` line holds one JSON event, checked by `parse`;
 * other lines (comments, blank separators, `event:` names) carry nothing the app uses. A line may arrive
 * split across chunks, so the unfinished tail waits for the next one.
 */
export class ServerEventParser<Event> {
  #pending = ''

  constructor(private readonly parse: (data: unknown) => Event) {}

  push(chunk: string): Event[] {
    this.#pending += chunk
    const lines = this.#pending.split(/\r?\n/)
    this.#pending = lines.pop() ?? ''
    return lines.flatMap((line) => this.#read(line))
  }

  /** The last line, when the stream ends without a newline after it. */
  end(): Event[] {
    const last = this.#pending
    this.#pending = ''
    return this.#read(last)
  }

  #read(line: string): Event[] {
    if (!line.startsWith('data:')) return []
    const data = line.slice(5).trimStart()
    if (data === '') return []
    return [this.parse(JSON.parse(data))]
  }
}

/** The seconds a `Retry-After` header asks for (delay-seconds or an HTTP date), or null without one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** A refusal that says when to ask again: a 429 with `Retry-After`. */
export class RetryLaterError extends ApiError {
  constructor(
    status: number,
    statusText: string,
    bodyText: string,
    /** How long to wait, in seconds, from when the answer arrived. */
    readonly retryAfterSeconds: number,
    /** When the answer arrived (ms since the epoch), so the moment to ask again can be named. */
    readonly receivedAt: number,
  ) {
    super(status, statusText, bodyText)
    this.name = 'RetryLaterError'
  }
}

export type EventStreamRequest = {
  body: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

/**
 * POSTs JSON asking for server-sent events. A refusal before the stream (4xx, 5xx) throws the API client's
 * `status: body` error, a RetryLaterError when it says how long to wait. The answer is either a stream (`events` reads it chunk by chunk) or, from a server
 * that answers the whole thing at once, plain JSON (`json`).
 */
export async function postForEvents(
  path: string,
  { body, headers, signal }: EventStreamRequest,
): Promise<
  { kind: 'events'; reader: ReadableStreamDefaultReader<string> } | { kind: 'json'; body: unknown }
> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', ...headers },
    credentials: 'include',
    body: JSON.stringify(body),
    signal: signal ?? null,
  })
  if (!response.ok) {
    const bodyText = await response.text()
    const wait = response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : null
    if (wait !== null)
      throw new RetryLaterError(response.status, response.statusText, bodyText, wait, Date.now())
    throw new ApiError(response.status, response.statusText, bodyText)
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    return { kind: 'json', body: await response.json() }
  }
  return { kind: 'events', reader: response.body.pipeThrough(new TextDecoderStream()).getReader() }
}

/**
 * Feeds every event of a stream to `handle` until it returns an answer; null when the stream ended first.
 * The stream is released whichever way this ends.
 */
export async function readEvents<Event, Answer>(
  reader: ReadableStreamDefaultReader<string>,
  parser: ServerEventParser<Event>,
  handle: (event: Event) => Answer | undefined,
): Promise<Answer | null> {
  try {
    for (;;) {
      const { value, done } = await reader.read()
      for (const event of done ? parser.end() : parser.push(value)) {
        const answer = handle(event)
        if (answer !== undefined) return answer
      }
      if (done) return null
    }
  } finally {
    reader.cancel().catch(() => undefined)
  }
}
