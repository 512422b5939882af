import type { z } from 'zod'
import type { InternalRoute } from '@app/contracts/internal'
import { AppError } from './errors.ts'
import { createTokenSigner, IDENTITY_HEADER, type Identity } from './identity.ts'
import { CLIENT_ADDRESS_HEADER } from './client-address.ts'
import { currentClientAddress, currentRequestId, REQUEST_ID_HEADER } from './logger.ts'
import type { Caller, ServiceName } from './services.ts'

type SchemaOf<R, Key extends string> = R extends { [K in Key]: infer S extends z.ZodType } ? S : never

/**
 * What a call of an internal route sends, typed from its row: the path's parameters, the query and the body
 * where the row has them, and the user the call is made for, where there is one (the called route decides
 * what that user may do).
 */
export type InternalCall<R extends InternalRoute> = { actingFor?: Identity | null } & ([
  SchemaOf<R, 'params'>,
] extends [never]
  ? { params?: never }
  : { params: z.output<SchemaOf<R, 'params'>> }) &
  ([SchemaOf<R, 'querystring'>] extends [never]
    ? { query?: never }
    : { query: z.output<SchemaOf<R, 'querystring'>> }) &
  ([SchemaOf<R, 'body'>] extends [never] ? { body?: never } : { body: z.input<SchemaOf<R, 'body'>> })

/** What an internal route answers, as its row's schema reads it. */
export type InternalAnswer<R extends InternalRoute> = z.output<R['response']>

export interface ServiceClient {
  readonly target: ServiceName
  /**
   * Calls one row of the internal route catalog (`@app/contracts/internal`): its method and path, what it
   * sends and what it answers all come from the row. An answer that does not match the row's schema is the
   * called service's fault (502). A POST or PATCH is retried only when the row says it is idempotent.
   */
  request<R extends InternalRoute>(route: R, ...call: CallArguments<R>): Promise<InternalAnswer<R>>
  /**
   * Calls a row whose answer is streamed (NDJSON, `streamed` in the catalog) and yields each line as the row's
   * schema reads it, as the lines arrive: the caller holds one line at a time, never the whole answer. An
   * error answer throws on the first iteration, as `request` would; stopping early ends the call.
   */
  lines<R extends InternalRoute>(route: R, ...call: CallArguments<R>): AsyncGenerator<InternalAnswer<R>>
}

/** The call's input may be left out where the row needs none. */
export type CallArguments<R extends InternalRoute> =
  object extends InternalCall<R> ? [call?: InternalCall<R>] : [call: InternalCall<R>]

export interface ServiceClientOptions {
  /** A service, or the gateway for its own calls (a user's own data, decision 060; a provider's sign-in, 062). */
  caller: Caller
  target: ServiceName
  baseUrl: string
  privateKey: string
  timeoutMs?: number
  /** Further attempts after the first, for idempotent calls that failed on the way (not on an answer). */
  retries?: number
}

const RETRYABLE_STATUS = new Set([502, 503, 504])

interface Answer {
  status: number
  body: unknown
  retryAfter: string | null
}

/** A 429's wait passes on to the caller's own answer (errors.ts). */
function retryAfterOf(answer: Answer): { retryAfterSeconds?: number } {
  const seconds = Number(answer.retryAfter)
  return answer.status === 429 && Number.isInteger(seconds) && seconds > 0
    ? { retryAfterSeconds: seconds }
    : {}
}

/**
 * The one way a service calls another (docs/architecture.md, Calls between services): a token signed with the
 * caller's own key for that one audience, the id of the request being handled (for the logs), a timeout, a
 * bounded retry of idempotent calls, and failures mapped to the `{ message, code }` shape under the caller's
 * prefix.
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const sign = createTokenSigner(options.caller, options.privateKey)
  const timeoutMs = options.timeoutMs ?? 10_000
  const retries = options.retries ?? 2
  const prefix = `${options.caller.toUpperCase()}_UPSTREAM`
  const unavailable = () =>
    new AppError(
      503,
      `${prefix}_UNAVAILABLE`,
      'The service is temporarily unavailable. Please try again shortly.',
    )

  function send(request: Outgoing, signal: AbortSignal, accept = 'application/json') {
    const requestId = currentRequestId()
    const clientAddress = currentClientAddress()
    return fetch(new URL(request.path, options.baseUrl), {
      method: request.method,
      headers: {
        [IDENTITY_HEADER]: sign(options.target, request.actingFor ?? null),
        ...(requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId }),
        // The called service throttles by the client's address, not this service's (client-address.ts).
        ...(clientAddress === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: clientAddress }),
        accept,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal,
    })
  }

  async function attempt(request: Outgoing, limitMs: number): Promise<Answer> {
    return answerOf(await send(request, AbortSignal.timeout(limitMs)))
  }

  /** An error answer as the caller's own: 4xx passes on as it is, anything else is the callee's fault. */
  function failureOf(answer: Answer): AppError {
    if (RETRYABLE_STATUS.has(answer.status)) return unavailable()
    const error = answer.body as { message?: unknown; code?: unknown } | null
    if (answer.status < 500 && typeof error?.message === 'string' && typeof error.code === 'string')
      return new AppError(answer.status, error.code, error.message, retryAfterOf(answer))
    return new AppError(502, `${prefix}_FAILED`, 'A service this request needs failed. Please try again.')
  }

  const badAnswer = () =>
    new AppError(502, `${prefix}_BAD_ANSWER`, 'A service this request needs answered unexpectedly.')

  function outgoing<R extends InternalRoute>(route: R, call: InternalCall<R>): Outgoing {
    // A row of another service, or one this service may not call, is a mistake in the caller's code.
    if (route.service !== options.target || !route.callers.includes(options.caller))
      throw new Error(
        `${options.caller} → ${options.target}: ${route.method} ${route.path} is not a call the catalog allows`,
      )
    return {
      method: route.method,
      path: pathOf(route, call as Parameters<typeof pathOf>[1]),
      body: call.body,
      actingFor: call.actingFor ?? null,
    }
  }

  return {
    target: options.target,
    async request<R extends InternalRoute>(
      route: R,
      ...[call = {} as InternalCall<R>]: CallArguments<R>
    ): Promise<InternalAnswer<R>> {
      const request = outgoing(route, call)
      const idempotent = route.idempotent ?? !['POST', 'PATCH'].includes(route.method)
      const attempts = idempotent ? retries + 1 : 1
      let answer: Answer | null = null
      for (let index = 0; index < attempts; index += 1) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** index))
        try {
          answer = await attempt(request, route.timeoutMs ?? timeoutMs)
        } catch {
          // Refused, reset or timed out: nothing answered, so an idempotent call may go again.
          answer = null
          continue
        }
        if (!RETRYABLE_STATUS.has(answer.status)) break
      }
      if (!answer) throw unavailable()
      if (answer.status >= 400 || RETRYABLE_STATUS.has(answer.status)) throw failureOf(answer)
      const parsed = route.response.safeParse(answer.body)
      if (!parsed.success) throw badAnswer()
      return parsed.data as InternalAnswer<R>
    },

    async *lines<R extends InternalRoute>(
      route: R,
      ...[call = {} as InternalCall<R>]: CallArguments<R>
    ): AsyncGenerator<InternalAnswer<R>> {
      if (!route.streamed) throw new Error(`${route.method} ${route.path} does not stream its answer`)
      const request = outgoing(route, call)
      // The limit is on the wait for the answer to start; a long answer may take as long as it needs.
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), route.timeoutMs ?? timeoutMs)
      let response: Response
      try {
        response = await send(request, controller.signal, 'application/x-ndjson')
      } catch {
        throw unavailable()
      } finally {
        clearTimeout(timer)
      }
      try {
        if (response.status !== 200 || !response.body) throw failureOf(await answerOf(response))
        for await (const line of ndjsonLines(response.body)) {
          const parsed = route.response.safeParse(jsonOrNull(line))
          if (!parsed.success) throw badAnswer()
          yield parsed.data as InternalAnswer<R>
        }
      } finally {
        // Ends the call when the caller stops early or a line is refused; harmless once the answer is read.
        controller.abort()
      }
    },
  }
}

function jsonOrNull(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

async function answerOf(response: Response): Promise<Answer> {
  const body = jsonOrNull(await response.text())
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') }
}

/** The non-empty lines of a UTF-8 byte stream, as they complete. */
async function* ndjsonLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let pending = ''
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true })
    let end = pending.indexOf('\n')
    while (end !== -1) {
      const line = pending.slice(0, end)
      pending = pending.slice(end + 1)
      if (line.trim()) yield line
      end = pending.indexOf('\n')
    }
  }
  pending += decoder.decode()
  if (pending.trim()) yield pending
}

interface Outgoing {
  method: InternalRoute['method']
  path: string
  body: unknown
  actingFor: Identity | null
}

/** The row's path with each `:name` replaced by its parameter, and the query where the row has one. */
export function pathOf(
  route: InternalRoute,
  call: { params?: Record<string, unknown>; query?: Record<string, unknown> },
): string {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = call.params?.[name]
    if (value === undefined || value === null || value === '')
      throw new Error(`${route.method} ${route.path}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
  const query = new URLSearchParams(
    Object.entries(call.query ?? {}).flatMap(([name, value]): Array<[string, string]> =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  ).toString()
  return query ? `${path}?${query}` : path
}
