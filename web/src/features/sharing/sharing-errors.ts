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

export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null
}

export const GUEST_ROLE_LABELS = {
  guest_standard: 'View only',
  guest_owner: 'View and share',
} as const

export function formatWhen(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
