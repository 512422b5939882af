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
const OWN_401 = /^\/api\/auth\/log(?:in|out)$/

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

/** Sends a call and answers its response, after the checks every call gets (401, 403, errors). */
async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<Response | null> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  // An empty body must not claim to be JSON: the server refuses an empty application/json body.
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? null : JSON.stringify(body),
    signal: options.signal ?? null,
  })
  if (options.returnNull && response.status === 401) return null
  if (response.status === 401 && !OWN_401.test(path)) sessionEndedListener?.()
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text())
  }
  return response
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const response = await send(method, path, body, options)
  if (!response) return null as T
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

/** A file the server answers (the PDF reports), with the name it suggests; a body makes the call a POST. */
async function file(
  path: string,
  options: RequestOptions = {},
  body?: unknown,
): Promise<{ blob: Blob; fileName: string | null }> {
  // Errors still come as JSON; the success answer is the file.
  const response = await send(body === undefined ? 'GET' : 'POST', path, body, {
    ...options,
    headers: { Accept: 'application/pdf, application/json', ...options.headers },
  })
  if (!response) throw new ApiError(401, 'Unauthorized', '')
  const disposition = response.headers.get('content-disposition') ?? ''
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null }
}

export const apiClient = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
  file,
}
