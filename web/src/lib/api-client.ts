import type { ApiAnswer, ApiBody, ApiMethod, ApiParams, ApiPath, ApiQuery } from './api-catalog.ts'
import { dropEarlyGets, takeEarlyGet } from './early-requests.ts'

/**
 * The one HTTP client of the app (docs/requirements.md section 7): cookies included, JSON in and out, and every
 * non-success answer thrown as `status: body text` so callers and toasts read the server's words.
 */
export class ApiError extends Error {
  readonly status: number
  readonly bodyText: string

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.bodyText = bodyText
    // Every refused answer is one, whichever client read it (this one, or the advice stream's).
    if (status === 403) accessRefusedListener?.()
  }

  /** The `message` of a `{ message, code }` error body, when the server sent one. */
  get serverMessage(): string | null {
    try {
      const body: unknown = JSON.parse(this.bodyText)
      if (
        typeof body === 'object' &&
        body !== null &&
        'message' in body &&
        typeof body.message === 'string'
      ) {
        return body.message || null
      }
    } catch {
      // A body that is not JSON carries no server message.
    }
    return null
  }
}

/**
 * Calls whose 401 is not news about a signed-in session: a refused sign-in (the credentials sent), and a
 * logout (signed out either way, handled by the logout itself). Every other 401 means the session ended.
 */
const OWN_401: ReadonlySet<ApiPath<'POST'>> = new Set(['/api/auth/login', '/api/auth/logout'])

let sessionEndedListener: (() => void) | null = null
let accessRefusedListener: (() => void) | null = null

/** Registers what the app does when any call is refused (a 403): what the user may see may have changed. */
export function onAccessRefused(listener: (() => void) | null): void {
  accessRefusedListener = listener
}

/** Registers what the app does when any call is told the session has ended (a 401). */
export function onSessionEnded(listener: (() => void) | null): void {
  sessionEndedListener = listener
}

type RequestOptions = {
  /** Answer `null` instead of throwing when the server says 401 (signed out). */
  returnNull?: boolean
  signal?: AbortSignal
  /** Extra request headers, such as an `Idempotency-Key`. */
  headers?: Record<string, string>
}

/** A contract schema, or anything else that checks an answer and returns it typed. */
type AnswerReader<Answer> = { parse: (data: unknown) => Answer }

/**
 * A reader given as a function loads beside the call: an answer to a change is checked with its contract
 * schema, while zod stays off the first render of a page (docs/decisions/065-first-pages-without-zod.md).
 */
type AnswerCheck<Answer> = AnswerReader<Answer> | (() => Promise<AnswerReader<Answer>>)

/**
 * The options of one call: the values of the path's `:name` segments (required when it has any), the query
 * string the route declares, and the schema that checks the answer, which must read what the catalog says
 * the route answers.
 */
export type CallOptions<Method extends ApiMethod, Path extends string> = RequestOptions &
  (ApiParams<Method, Path> extends undefined ? { params?: undefined } : { params: ApiParams<Method, Path> }) &
  (ApiQuery<Method, Path> extends undefined ? { query?: undefined } : { query?: ApiQuery<Method, Path> }) & {
    schema?: AnswerCheck<ApiAnswer<Method, Path>>
  }

type OptionsArgument<Method extends ApiMethod, Path extends string> =
  ApiParams<Method, Path> extends undefined
    ? [options?: CallOptions<Method, Path>]
    : [options: CallOptions<Method, Path>]

type BodyAndOptions<Method extends ApiMethod, Path extends string> =
  ApiParams<Method, Path> extends undefined
    ? undefined extends ApiBody<Method, Path>
      ? [body?: ApiBody<Method, Path>, options?: CallOptions<Method, Path>]
      : [body: ApiBody<Method, Path>, options?: CallOptions<Method, Path>]
    : [body: ApiBody<Method, Path>, options: CallOptions<Method, Path>]

type SignedOutOptions<Method extends ApiMethod, Path extends string> = CallOptions<Method, Path> & {
  returnNull: true
}

/** The one client: each method takes a catalog path of its HTTP method, and answers what that row says. */
export interface ApiClient {
  get<Path extends ApiPath<'GET'>>(
    path: Path,
    options: SignedOutOptions<'GET', Path>,
  ): Promise<ApiAnswer<'GET', Path> | null>
  get<Path extends ApiPath<'GET'>>(
    path: Path,
    ...options: OptionsArgument<'GET', Path>
  ): Promise<ApiAnswer<'GET', Path>>
  post<Path extends ApiPath<'POST'>>(
    path: Path,
    ...rest: BodyAndOptions<'POST', Path>
  ): Promise<ApiAnswer<'POST', Path>>
  put<Path extends ApiPath<'PUT'>>(
    path: Path,
    ...rest: BodyAndOptions<'PUT', Path>
  ): Promise<ApiAnswer<'PUT', Path>>
  patch<Path extends ApiPath<'PATCH'>>(
    path: Path,
    ...rest: BodyAndOptions<'PATCH', Path>
  ): Promise<ApiAnswer<'PATCH', Path>>
  delete<Path extends ApiPath<'DELETE'>>(
    path: Path,
    ...options: OptionsArgument<'DELETE', Path>
  ): Promise<ApiAnswer<'DELETE', Path>>
  /** A DELETE confirmed by what its body carries (deleting one's account with the password). */
  deleteWithBody<Path extends ApiPath<'DELETE'>>(
    path: Path,
    ...rest: BodyAndOptions<'DELETE', Path>
  ): Promise<ApiAnswer<'DELETE', Path>>
  /** A file the server answers (the PDF reports), with the name it suggests. */
  getFile<Path extends ApiPath<'GET'>>(path: Path, ...options: OptionsArgument<'GET', Path>): Promise<ApiFile>
  postFile<Path extends ApiPath<'POST'>>(path: Path, ...rest: BodyAndOptions<'POST', Path>): Promise<ApiFile>
}

/** A file answer: its bytes and the name the server suggests for it. */
export interface ApiFile {
  blob: Blob
  fileName: string | null
}

type Values = Record<string, unknown>
type LooseOptions = RequestOptions & { params?: Values; query?: Values; schema?: AnswerCheck<unknown> }

/**
 * A catalog path with its `:name` segments filled (each value encoded as one segment) and its query string
 * (fields left undefined are not sent).
 */
export function apiUrl(path: string, params?: Values, query?: Values): string {
  const filled = path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`${path} needs a value for :${name}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `${filled}?${text}` : filled
}

/** What `request` answers for a 401 when the caller asked for null: no answer to check. */
const SIGNED_OUT = Symbol('signed out')

/** Sends a call and answers its response, after the checks every call gets (401, 403, errors). */
async function send(
  method: ApiMethod,
  url: string,
  body: unknown,
  options: RequestOptions & { ownUnauthorized: boolean },
): Promise<Response | typeof SIGNED_OUT> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  // An empty body must not claim to be JSON: the server refuses an empty application/json body.
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  // A GET sent before the app ran (lib/early-requests.ts) answers the first same call; any change drops them.
  const early = method === 'GET' && !options.headers && !options.signal ? takeEarlyGet(url) : undefined
  if (method !== 'GET') dropEarlyGets()
  const response = await (early ??
    fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? null : JSON.stringify(body),
      signal: options.signal ?? null,
    }))
  if (options.returnNull && response.status === 401) return SIGNED_OUT
  if (response.status === 401 && !options.ownUnauthorized) sessionEndedListener?.()
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text())
  }
  return response
}

async function request(
  method: ApiMethod,
  url: string,
  body: unknown,
  options: RequestOptions & { ownUnauthorized: boolean },
): Promise<unknown | typeof SIGNED_OUT> {
  const response = await send(method, url, body, options)
  if (response === SIGNED_OUT) return SIGNED_OUT
  const text = await response.text()
  return text ? JSON.parse(text) : null
}

/** A client whose calls go to `origin` (the page's own by default; the tests name their server's). */
export function createApiClient(origin = ''): ApiClient {
  const call = async (method: ApiMethod, path: string, body: unknown, options: LooseOptions = {}) => {
    const { params, query, schema, ...rest } = options
    const ownUnauthorized = (OWN_401 as ReadonlySet<string>).has(path)
    const reader = typeof schema === 'function' ? schema() : schema
    if (reader instanceof Promise) reader.catch(() => undefined) // reported once the answer is read
    const answer = await request(method, origin + apiUrl(path, params, query), body, {
      ...rest,
      ownUnauthorized,
    })
    if (answer === SIGNED_OUT) return null
    return reader ? (await reader).parse(answer) : answer
  }
  // Errors still come as JSON; the success answer is the file.
  const file = async (method: ApiMethod, path: string, body: unknown, options: LooseOptions = {}) => {
    const { params, query, schema: _schema, ...rest } = options
    const response = await send(method, origin + apiUrl(path, params, query), body, {
      ...rest,
      headers: { Accept: 'application/pdf, application/json', ...rest.headers },
      ownUnauthorized: false,
    })
    if (response === SIGNED_OUT) throw new ApiError(401, 'Unauthorized', '')
    const disposition = response.headers.get('content-disposition') ?? ''
    return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null }
  }
  const client = {
    getFile: (path: string, options?: LooseOptions) => file('GET', path, undefined, options),
    postFile: (path: string, body?: unknown, options?: LooseOptions) => file('POST', path, body, options),
    get: (path: string, options?: LooseOptions) => call('GET', path, undefined, options),
    post: (path: string, body?: unknown, options?: LooseOptions) => call('POST', path, body, options),
    put: (path: string, body?: unknown, options?: LooseOptions) => call('PUT', path, body, options),
    patch: (path: string, body?: unknown, options?: LooseOptions) => call('PATCH', path, body, options),
    delete: (path: string, options?: LooseOptions) => call('DELETE', path, undefined, options),
    deleteWithBody: (path: string, body?: unknown, options?: LooseOptions) =>
      call('DELETE', path, body, options),
  }
  // The implementation is loose; ApiClient's signatures are what callers see and the typecheck holds.
  return client as ApiClient
}

export const apiClient = createApiClient()
