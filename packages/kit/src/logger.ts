import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Bindings, ChildLoggerOptions, LoggerOptions } from 'pino'
import { clientAddressOf } from './client-address.ts'

/** Paths never written to the logs: cookies, tokens, passwords (docs/security.md 35). */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-identity"]',
  'res.headers["set-cookie"]',
  // At the top of a line, and one level down (a request's body, an error's fields).
  ...['password', 'newPassword', 'currentPassword', 'token', 'secret'].flatMap((name) => [name, `*.${name}`]),
]

const UNRESERVED_ESCAPE = /%(?:2[de]|3\d|[46][1-9a-f]|[57][\da]|5f|7e)/gi
/** Reset and invitation tokens are 32 random bytes in base64url; nothing else we route is that long and dense. */
const TOKEN_LIKE = /[\w-]{32,}/g
const AFTER_TOKEN_SEGMENT = /(\/(?:reset-password|details|accept|invite))\/[^?#]+/gi

/**
 * Tokens that travel in URLs (reset and invitation links) are masked before a request line is logged:
 * everything below a token segment, `token` and `code` parameters, and any token-shaped run of characters,
 * so a mistyped or re-encoded link (`/reset-password/TOKEN/x`, `/reset%2Dpassword/TOKEN`) is masked as well.
 */
export function redactUrl(url: string): string {
  let decoded = url
  try {
    // Encoded letters and dashes would hide a path from the patterns below; they mean the same decoded.
    decoded = url.replace(UNRESERVED_ESCAPE, (escape) => decodeURIComponent(escape))
  } catch {
    decoded = url
  }
  return decoded
    .replace(AFTER_TOKEN_SEGMENT, '$1/[redacted]')
    .replace(/([?&;](?:token|code)=)[^&#]*/gi, '$1[redacted]')
    .replace(TOKEN_LIKE, '[redacted]')
}

interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  remoteAddress?: string
  remotePort?: number
}

export function loggerOptions(level: string, name: string): LoggerOptions & { level: string; name: string } {
  return {
    level,
    name,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        remoteAddress: request.remoteAddress,
      }),
    },
  }
}

/**
 * The gateway names each request with an id of its own, answers it in this header, and passes it to the
 * service it proxies to, which passes it on to the services it calls, so all their request lines share one
 * `reqId`.
 */
export const REQUEST_ID_HEADER = 'x-request-id'
const REQUEST_ID = /^[\w-]{12}$/

/** 9 random bytes are exactly 12 base64url characters, so ids are cut from one long encoded draw. */
const REQUEST_ID_LENGTH = 12
/**
 * Random bytes for this many ids are drawn and encoded at once: one draw per request cost the gateway a system
 * call each, and one encoding per request a call into C++ costing more than the rest of the id.
 */
const IDS_PER_DRAW = 512
let idText = ''
let idOffset = 0

/** 72 random bits in 12 characters: unique across processes and restarts, and says nothing of traffic. */
export function newRequestId(): string {
  if (idOffset + REQUEST_ID_LENGTH > idText.length) {
    idText = randomBytes((REQUEST_ID_LENGTH / 4) * 3 * IDS_PER_DRAW).toString('base64url')
    idOffset = 0
  }
  const id = idText.slice(idOffset, idOffset + REQUEST_ID_LENGTH)
  idOffset += REQUEST_ID_LENGTH
  return id
}

/**
 * `genReqId` of a service: the gateway's id when the request carries one of its shape (anything else, from a
 * caller past the gateway, is not trusted into the logs), a new one otherwise.
 */
export function forwardedRequestId(request: IncomingMessage): string {
  const forwarded = request.headers[REQUEST_ID_HEADER]
  return typeof forwarded === 'string' && REQUEST_ID.test(forwarded) ? forwarded : newRequestId()
}

const requestInProgress = new AsyncLocalStorage<{ id: string; clientAddress: string }>()

interface RequestIdApp {
  addHook(
    name: 'preHandler',
    hook: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void,
  ): unknown
}

/**
 * Binds a service's request id to its handler's async work, so that the calls the handler makes to other
 * services (service-client.ts) carry it on, and every service's line for one user request shares one `reqId`.
 * Bound in preHandler, once the body is read: a context bound earlier has been lost across body parsing in some
 * versions of Node and Fastify (fastify issue 3570). `addressOf` says where the client's address comes from:
 * in a service, the one the gateway passed on; in the gateway, its own `request.ip`, which believes forwarded
 * headers from trusted proxies only, never the header a client wrote.
 */
export function registerRequestIdContext(
  app: RequestIdApp,
  addressOf: (request: FastifyRequest) => string = (request) => clientAddressOf(request.raw),
): void {
  app.addHook('preHandler', (request, _reply, done) =>
    requestInProgress.run({ id: request.id, clientAddress: addressOf(request) }, done),
  )
}

/** The id of the request whose handler is running (registerRequestIdContext), if any. */
export const currentRequestId = (): string | undefined => requestInProgress.getStore()?.id

/** The client address of the request whose handler is running, for the calls it makes (client-address.ts). */
export const currentClientAddress = (): string | undefined => requestInProgress.getStore()?.clientAddress

/** Health checks are polled every few seconds by probes and runners: at info they would drown the rest. */
const HEALTH_ROUTES = new Set(['/health', '/api/health'])

interface RequestLogApp {
  addHook(
    name: 'onResponse',
    hook: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void,
  ): unknown
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type LogArguments = Parameters<FastifyBaseLogger['info']>
/** Pino's logger as Fastify hands it over: Fastify's type leaves out the level check pino has. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean }

/**
 * A request's logger (`request.log`), made lazily: pino runs a child's bindings through the redaction paths
 * when the child is made, about 3 µs on every request in every process, most of which log nothing or only
 * their request line. A line whose first argument is a plain object is written by the parent with the
 * request's bindings merged in, the same line a child writes; anything else (an error, a message alone,
 * `child()`, a new level) makes pino's child then (docs/decisions/071-request-loggers-made-on-first-use.md).
 */
class RequestLogger {
  #made: FastifyBaseLogger | null = null

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return (this.#made ?? this.parent).level
  }
  set level(level: string) {
    this.#child().level = level
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options)
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args)
  }
  error(...args: LogArguments): void {
    this.#write('error', args)
  }
  warn(...args: LogArguments): void {
    this.#write('warn', args)
  }
  info(...args: LogArguments): void {
    this.#write('info', args)
  }
  debug(...args: LogArguments): void {
    this.#write('debug', args)
  }
  trace(...args: LogArguments): void {
    this.#write('trace', args)
  }
  silent(): void {}

  #child(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings))
  }

  #write(level: LogLevel, args: LogArguments): void {
    let logger = this.#made
    if (!logger) {
      // Checked before anything is made: at the usual levels most calls (debug, trace) end here.
      if (!this.parent.isLevelEnabled(level)) return
      const first: unknown = args[0]
      if (isPlainObject(first)) {
        const write = this.parent[level] as (...all: unknown[]) => void
        const merged: unknown[] = [...args]
        merged[0] = { ...this.bindings, ...first }
        return void write.apply(this.parent, merged)
      }
      logger = this.#child()
    }
    ;(logger[level] as (...all: unknown[]) => void).apply(logger, args)
  }
}

const isPlainObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype

/** Fastify's `childLoggerFactory` for the gateway and every service: a RequestLogger where pino is the logger. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pino = logger as Partial<PinoLogger>
  // Fastify's null logger (no logging configured), and a request with options of its own, get the plain child.
  if (typeof pino.isLevelEnabled !== 'function' || Object.keys(options).length > 0)
    return logger.child(bindings, options)
  return new RequestLogger(logger as PinoLogger, bindings)
}

/**
 * Fastify's own pair of request lines ('incoming request' and 'request completed', with the whole request
 * and answer) give way to registerRequestLog's one line; the masked request stays at debug, and Fastify's
 * error logs stay as they are. Pass as the `logController` option.
 */
export class RequestLineController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request')
  }
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) reply.log.error({ err: error, responseTime: reply.elapsedTime }, 'request errored')
  }
}

/**
 * One short line per request at info (with `logController: new RequestLineController()`): client
 * address (`request.ip`, as trustProxy believes it), method, route pattern (never the raw URL, which may
 * carry a token), status, duration and request id (bound by Fastify as `reqId`). `routeOf` names the
 * pattern where Fastify's own route is a proxy wildcard.
 */
export function registerRequestLog(
  app: RequestLogApp,
  routeOf: (request: FastifyRequest) => string | undefined = () => undefined,
): void {
  // A callback hook: it runs after every answer, and a promise each would be spent on nothing.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request) ?? request.routeOptions.url ?? '(no route)'
    const line = {
      ip: request.ip,
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (HEALTH_ROUTES.has(route)) request.log.debug(line, 'request')
    else request.log.info(line, 'request')
    done()
  })
}
