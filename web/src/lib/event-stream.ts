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

export type EventStreamRequest = {
  body: unknown
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

/**
 * POSTs JSON asking for server-sent events. A refusal before the stream (4xx, 5xx) throws the API client's
 * `status: body` error. The answer is either a stream (`events` reads it chunk by chunk) or, from a server
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
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text())
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
