import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { StoreQueryError } from './store/port.ts'
import { KeyValueUnavailableError } from './kv/port.ts'
import { redactUrl } from './logger.ts'

/** The error shape of every answer: `{ message, code }`; the message is only returned below 500. */
export interface ErrorBody {
  message: string
  code: string
}

export class AppError extends Error {
  /** For a 429: the seconds to wait, answered as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message)
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** What a 429 answers as `Retry-After` when nothing said how long to wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 60

export function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid input'
  const field = issue.path.join('.')
  return field ? `${field}: ${issue.message}` : issue.message
}

function toErrorBody(error: FastifyError | Error, prefix: string): { status: number; body: ErrorBody } {
  if (error instanceof AppError)
    return { status: error.statusCode, body: { message: error.message, code: error.code } }
  if (error instanceof ZodError)
    return { status: 400, body: { message: describeZodError(error), code: `${prefix}_INVALID_INPUT` } }
  const validation = (error as FastifyError).validation
  if (validation) return { status: 400, body: { message: error.message, code: `${prefix}_INVALID_INPUT` } }
  // A filter the store refuses came from input that slipped past validation: still the caller's fault.
  if (error instanceof StoreQueryError)
    return { status: 400, body: { message: 'Invalid input', code: `${prefix}_INVALID_INPUT` } }
  if (error instanceof KeyValueUnavailableError) {
    return {
      status: 503,
      body: {
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: `${prefix}_UNAVAILABLE`,
      },
    }
  }
  const status = (error as FastifyError).statusCode ?? 500
  if (status >= 400 && status < 500) {
    const code = (error as FastifyError).code ?? 'BAD_REQUEST'
    return {
      status,
      body: {
        message: error.message,
        code: code.startsWith(`${prefix}_`) ? code : `${prefix}_${code.replace(/^FST_(ERR_)?/, '')}`,
      },
    }
  }
  return { status, body: { message: 'Internal server error', code: `${prefix}_INTERNAL` } }
}

/** One error handler and one JSON 404 per app (docs/architecture.md, Code layout). */
export function registerErrorHandling(app: FastifyInstance, prefix: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error, prefix)
    // The rest of a refused body may still be arriving: the connection is closed after the answer, so
    // that neither the next request on it nor a clean stop waits for it.
    if (
      status === 413 ||
      (error as FastifyError).code?.startsWith('FST_ERR_CTP_') ||
      error instanceof SyntaxError
    )
      reply.header('connection', 'close')
    // Every 429 says when to come back (decision 022): its own wait, else a minute.
    if (status === 429 && !reply.hasHeader('retry-after')) {
      const seconds = error instanceof AppError ? error.retryAfterSeconds : undefined
      reply.header('retry-after', String(Math.max(1, Math.ceil(seconds ?? DEFAULT_RETRY_AFTER_SECONDS))))
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    // A 404 names the path, which may hold a token (a mistyped reset link): masked like request lines.
    else request.log.info({ code: body.code, status }, redactUrl(body.message))
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: `${prefix}_NOT_FOUND`,
    }),
  )
}
