import type { z } from 'zod'
import { AppError } from './errors.ts'
import { createTokenSigner, IDENTITY_HEADER, type Identity } from './identity.ts'
import { CLIENT_ADDRESS_HEADER } from './client-address.ts'
import { currentClientAddress, currentRequestId, REQUEST_ID_HEADER } from './logger.ts'
import type { ServiceName } from './services.ts'

export interface ServiceRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A path under `/internal/` of the called service. */
  path: string
  body?: unknown
  /** The user the call is made for, where there is one; the called route decides what it may do. */
  actingFor?: Identity | null
  /** The answer's shape; an answer that does not match is the called service's fault (502). */
  response: z.ZodType<T>
  /** POST and PATCH are retried only when the called route is idempotent. */
  idempotent?: boolean
  /** This call's own limit, for one whose work is known to take long (a batch of password hashes). */
  timeoutMs?: number
}

export interface ServiceClient {
  readonly target: ServiceName
  request<T>(request: ServiceRequest<T>): Promise<T>
}

export interface ServiceClientOptions {
  caller: ServiceName
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

  async function attempt<T>(request: ServiceRequest<T>): Promise<Answer> {
    const requestId = currentRequestId()
    const clientAddress = currentClientAddress()
    const response = await fetch(new URL(request.path, options.baseUrl), {
      method: request.method,
      headers: {
        [IDENTITY_HEADER]: sign(options.target, request.actingFor ?? null),
        ...(requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId }),
        // The called service throttles by the client's address, not this service's (client-address.ts).
        ...(clientAddress === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: clientAddress }),
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.timeoutMs ?? timeoutMs),
    })
    const text = await response.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = null
    }
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') }
  }

  return {
    target: options.target,
    async request<T>(request: ServiceRequest<T>): Promise<T> {
      const idempotent = request.idempotent ?? !['POST', 'PATCH'].includes(request.method)
      const attempts = idempotent ? retries + 1 : 1
      let answer: Answer | null = null
      for (let index = 0; index < attempts; index += 1) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** index))
        try {
          answer = await attempt(request)
        } catch {
          // Refused, reset or timed out: nothing answered, so an idempotent call may go again.
          answer = null
          continue
        }
        if (!RETRYABLE_STATUS.has(answer.status)) break
      }
      if (!answer || RETRYABLE_STATUS.has(answer.status)) throw unavailable()
      if (answer.status >= 400) {
        const error = answer.body as { message?: unknown; code?: unknown } | null
        // 4xx answers are about the request and pass on as they are; anything else is the callee's fault.
        if (answer.status < 500 && typeof error?.message === 'string' && typeof error.code === 'string')
          throw new AppError(answer.status, error.code, error.message, retryAfterOf(answer))
        throw new AppError(502, `${prefix}_FAILED`, 'A service this request needs failed. Please try again.')
      }
      const parsed = request.response.safeParse(answer.body)
      if (!parsed.success)
        throw new AppError(502, `${prefix}_BAD_ANSWER`, 'A service this request needs answered unexpectedly.')
      return parsed.data
    },
  }
}
