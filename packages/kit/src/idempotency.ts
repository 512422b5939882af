import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import { z } from 'zod'
import { ErrorBodySchema } from '@app/contracts/errors'
import { AppError } from './errors.ts'
import type { KeyValueStore } from './kv/port.ts'

/**
 * `Idempotency-Key` for state-changing routes: a repeat of a request with the same key, by the same caller,
 * within the TTL gets the first answer and changes nothing; the same key on another request (another
 * method, path, query, body or caller) gets 422, never the first answer. Keys live in the key-value store,
 * so every replica of a service sees them.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed'

/** Visible ASCII, as clients generate them (UUIDs, ULIDs, random text). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/)

const DAY_MS = 24 * 60 * 60 * 1000

const StoredAnswerSchema = z.object({
  fingerprint: z.string(),
  status: z.number().int().min(100).max(499),
  contentType: z.string().nullable(),
  body: z.string(),
})
type StoredAnswer = z.infer<typeof StoredAnswerSchema>

const PendingSchema = z.object({ fingerprint: z.string(), pending: z.literal(true) })

export interface IdempotencyOptions {
  kv: KeyValueStore
  /** Names the operation in the keys (`profiles:save-assessment`), so one key may serve two routes apart. */
  scope: string
  /** The service's error-code prefix (`PROFILES`). */
  errorPrefix: string
  /** How long an answer is replayed; default 24 hours. */
  ttlMs?: number
  /**
   * How long a request holds a key while it runs: a repeat arriving meanwhile waits for its answer, and a
   * process that died mid-request frees the key after this. Longer than the gateway's upstream timeout.
   */
  leaseMs?: number
  /** How long a concurrent repeat waits for the first to finish before it gets 409; default 10 s. */
  waitMs?: number
}

interface Claimed {
  claimKey: string
  answerKey: string
  fingerprint: string
  /** The pending marker's write, which runs beside the request (see the preHandler). */
  marked: Promise<void>
}

/**
 * The hooks of an idempotent route. Spread into the route's options with `idempotentRouteOptions`; they run
 * after the access check and body validation, so only valid requests of a known caller hold a key.
 */
export function createIdempotency(options: IdempotencyOptions) {
  const { kv, scope, errorPrefix } = options
  const ttlMs = options.ttlMs ?? DAY_MS
  const leaseMs = options.leaseMs ?? 60_000
  const waitMs = options.waitMs ?? 10_000
  const claims = new WeakMap<FastifyRequest, Claimed>()

  const keyReused = () =>
    new AppError(
      422,
      `${errorPrefix}_IDEMPOTENCY_KEY_REUSED`,
      'This Idempotency-Key was already used for a different request',
    )

  const replay = (reply: FastifyReply, answer: StoredAnswer) => {
    reply.code(answer.status).header(IDEMPOTENT_REPLAY_HEADER, 'true')
    if (answer.contentType) reply.type(answer.contentType)
    return reply.send(answer.body)
  }

  const readAnswer = async (answerKey: string) => {
    const text = await kv.get(answerKey)
    if (text === null) return null
    const parsed = z.union([StoredAnswerSchema, PendingSchema]).safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  }

  const preHandler: preHandlerHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER]
    const caller = callerOf(request)
    // Anonymous callers share no identity a key could belong to: their header is ignored.
    if (header === undefined || caller === null) return
    const key = IdempotencyKeySchema.safeParse(header)
    if (!key.success)
      throw new AppError(
        400,
        `${errorPrefix}_INVALID_IDEMPOTENCY_KEY`,
        'Idempotency-Key must be 1 to 255 visible ASCII characters',
      )
    const base = `idempotency:${scope}:${caller}:${sha256(key.data)}`
    const claimKey = `${base}:claim`
    const answerKey = `${base}:answer`
    const fingerprint = fingerprintOf(request, caller)
    const deadline = Date.now() + waitMs

    for (;;) {
      const known = await readAnswer(answerKey)
      if (known && known.fingerprint !== fingerprint) throw keyReused()
      if (known && !('pending' in known)) return replay(reply, known)
      if (!known) {
        // The first caller to count 1 runs the request; every other one waits for its answer.
        const { value } = await kv.increment(claimKey, leaseMs)
        if (value === 1) {
          // The request runs while the marker is written: a repeat that comes before it lands counts 2 and
          // waits, as it would for the marker. A save's answer waits for each round trip it awaits, and each is
          // a turn of a busy loop (docs/decisions/079-a-save-waits-for-fewer-writes.md).
          const marked = kv.set(answerKey, JSON.stringify({ fingerprint, pending: true }), leaseMs)
          marked.catch(() => undefined)
          claims.set(request, { claimKey, answerKey, fingerprint, marked })
          return
        }
      }
      if (Date.now() >= deadline)
        throw new AppError(
          409,
          `${errorPrefix}_IDEMPOTENCY_KEY_IN_USE`,
          'A request with this Idempotency-Key is still being processed. Please retry shortly.',
        )
      await sleep(50)
    }
  }

  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const claimed = claims.get(request)
    if (!claimed) return payload
    claims.delete(request)
    // The marker's write ends before the answer's begins, so it can never land over the answer.
    await claimed.marked.catch(() => undefined)
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      // A failure of ours may have stopped before any change: the key is freed so a retry runs again.
      await Promise.all([kv.delete(claimed.claimKey), kv.delete(claimed.answerKey)])
      return payload
    }
    const contentType = reply.getHeader('content-type')
    const answer: StoredAnswer = {
      fingerprint: claimed.fingerprint,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload.toString(),
    }
    // The answer first, then the claim freed: a repeat reads the answer before it ever counts, so the answer
    // alone keeps the key used, and each answered key holds one entry for its TTL instead of two (the embedded
    // store keeps every entry in memory: docs/decisions/020-relaxed-keys-in-their-own-redis.md). Both are
    // asked for at once, and the embedded store writes them together (decision 079): should the claim go
    // first, a repeat still finds the pending marker and waits for the answer.
    await Promise.all([kv.set(claimed.answerKey, JSON.stringify(answer), ttlMs), kv.delete(claimed.claimKey)])
    return payload
  }

  return { preHandler, onSend }
}

export type Idempotency = ReturnType<typeof createIdempotency>

/** Adds the idempotency hooks and their error answers (409, 422) to a route's options. */
export function idempotentRouteOptions<O extends { schema: { response: object } }>(
  routeOptions: O,
  idempotency: Idempotency,
) {
  return {
    ...routeOptions,
    preHandler: idempotency.preHandler,
    onSend: idempotency.onSend,
    schema: {
      ...routeOptions.schema,
      response: { ...routeOptions.schema.response, 409: ErrorBodySchema, 422: ErrorBodySchema },
    },
  }
}

/** Keys are per user (or per calling service on internal routes), so two users' keys never meet. */
function callerOf(request: FastifyRequest): string | null {
  const { identity, caller } = request as FastifyRequest & {
    identity?: { userId: number } | null
    caller?: string | null
  }
  if (identity) return `user:${identity.userId}`
  if (caller && caller !== 'gateway') return `service:${caller}`
  return null
}

/**
 * What makes two requests the same: the method, the path as requested (not the route's pattern, which is
 * one for every invitation token), its query, the caller and the body.
 */
export function fingerprintOf(request: FastifyRequest, caller: string): string {
  return sha256(JSON.stringify([request.method, request.url, caller, stableJson(request.body) ?? null]))
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  )
}
