/**
 * Response headers by which a service asks the gateway to start or end sessions (docs/architecture.md, Identity).
 * The gateway honours them only on its upstreams' answers and strips them before the client sees them.
 */
export const LOGIN_HEADER = 'x-session-login'
/** Ends the session that made the request. */
export const LOGOUT_HEADER = 'x-session-logout'
/** Ends every session of the user id it carries that started before now. */
export const REVOKE_USER_HEADER = 'x-session-revoke-user'

export interface SessionUser {
  id: string | number
  role: string
  username: string
  mustChangePassword?: boolean
}

export function encodeLoginHeader(user: SessionUser): string {
  return Buffer.from(JSON.stringify(user), 'utf8').toString('base64url')
}

export function decodeLoginHeader(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}
