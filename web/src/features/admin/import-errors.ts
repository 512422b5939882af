import { ApiError } from '../../lib/api-client.ts'
import { ImportStreamError } from './api/import-csv.ts'

/** The server's own words about a failed call, or null when it sent none (a network failure). */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage
  if (error instanceof ImportStreamError) return error.message
  return null
}
