import { EventEnvelopeSchema, type EventEnvelope, type EventHandler } from './port.ts'
import type { ProcessedEventLog } from './idempotency.ts'

/** What every adapter shares: envelope checks, retries with backoff, dead-letter naming. */

export const DEFAULT_MAX_ATTEMPTS = 5

/** Pino-compatible: services pass their logger; the bus reports handler failures and lost connections. */
export interface BusLogger {
  warn(details: object, message: string): void
}

export interface RetryOptions {
  /** Delay before the second attempt; doubled for each further one. */
  initialDelayMs?: number
  maxDelayMs?: number
}

export interface EventBusOptions {
  processedLog: ProcessedEventLog
  retry?: RetryOptions
  logger?: BusLogger
}

export class InvalidEventError extends Error {
  override name = 'InvalidEventError'
}

export const deadLetterTopic = (topic: string) => `${topic}.dlq`

export const silentLogger: BusLogger = { warn: () => {} }

/** Publishing refuses what consumers would refuse, so a bad event fails where it was made. */
export function validateForPublish(event: unknown, key: string): EventEnvelope {
  if (typeof key !== 'string' || key.length === 0)
    throw new InvalidEventError('The partition key must be a non-empty string')
  const parsed = EventEnvelopeSchema.safeParse(event)
  if (!parsed.success)
    throw new InvalidEventError(`Invalid event envelope: ${describeIssues(parsed.error.issues)}`)
  return parsed.data
}

export type Decoded = { ok: true; event: EventEnvelope } | { ok: false; reason: string }

export function checkEnvelope(value: unknown): Decoded {
  const parsed = EventEnvelopeSchema.safeParse(value)
  return parsed.success
    ? { ok: true, event: parsed.data }
    : { ok: false, reason: `invalid envelope: ${describeIssues(parsed.error.issues)}` }
}

export function decodeEnvelope(raw: string | null | undefined): Decoded {
  if (raw === null || raw === undefined) return { ok: false, reason: 'message without an event' }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { ok: false, reason: 'event is not JSON' }
  }
  return checkEnvelope(value)
}

function describeIssues(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ')
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 1000)
}

export function backoffDelay(failedAttempts: number, options: RetryOptions = {}): number {
  const initial = options.initialDelayMs ?? 200
  const max = options.maxDelayMs ?? 10_000
  const delay = Math.min(initial * 2 ** Math.max(0, failedAttempts - 1), max)
  // Jitter keeps consumers that failed together from retrying in lockstep.
  return Math.round(delay * (0.75 + Math.random() * 0.25))
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}

export type HandleOutcome =
  | { outcome: 'handled' }
  | { outcome: 'failed'; error: unknown; attempts: number }
  /** Stopped between attempts because the subscription closed: the message stays unacknowledged. */
  | { outcome: 'stopped'; attempts: number }

/** Runs the handler up to `attempts` times, waiting with exponential backoff between failures. */
export async function handleWithRetries(
  handler: EventHandler,
  event: EventEnvelope,
  options: {
    attempts: number
    retry?: RetryOptions | undefined
    signal: AbortSignal
    beforeRetry?: () => Promise<void>
  },
): Promise<HandleOutcome> {
  let error: unknown
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    if (options.signal.aborted) return { outcome: 'stopped', attempts: attempt - 1 }
    try {
      await handler(event)
      return { outcome: 'handled' }
    } catch (caught) {
      error = caught
      // An event refused for what it is (a forged one) fails the same way every time: park it at once.
      if (caught instanceof InvalidEventError) return { outcome: 'failed', error, attempts: attempt }
    }
    if (attempt < options.attempts) {
      await sleep(backoffDelay(attempt, options.retry), options.signal)
      await options.beforeRetry?.()
    }
  }
  return { outcome: 'failed', error, attempts: options.attempts }
}
