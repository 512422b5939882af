import { ApiError } from '../../lib/api-client.ts'

/** The `code` of a `{ message, code }` error body (the sharing service's catalogue), when there is one. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  try {
    const body: unknown = JSON.parse(error.bodyText)
    return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : null
  } catch {
    return null
  }
}

/** The `message` of a `{ message, code }` error body, when there is one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null
}
