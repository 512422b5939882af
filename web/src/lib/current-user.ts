import type { SignedInUser } from '@app/contracts/auth'
import { isRole } from '@app/domain/roles'

/** The signed-in user as the pages read it: the contract's user, with every field present. */
export type CurrentUser = SignedInUser

/** A name field: text, or empty where the answer has none. Anything else is not a user. */
function optionalText(value: unknown, field: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') throw new Error(`Unexpected current user: ${field} is not text`)
  return value
}

/**
 * The answer of sign-in and of `GET /api/auth/me`, read by hand rather than with zod, which a signed-in page
 * would otherwise load before it could render (docs/decisions/065-first-pages-without-zod.md). It reads
 * leniently where the spec gives a fallback: a missing or unknown role reads as standard (section 4) and
 * missing names as empty. The server enforces the real role either way.
 */
export function readCurrentUser(body: unknown): CurrentUser {
  if (typeof body !== 'object' || body === null) throw new Error('Unexpected current user: not an object')
  const user = body as Partial<Record<keyof SignedInUser, unknown>>
  if (typeof user.id !== 'number' || !Number.isInteger(user.id))
    throw new Error('Unexpected current user: id is not an integer')
  if (typeof user.username !== 'string') throw new Error('Unexpected current user: username is not text')
  return {
    id: user.id,
    username: user.username,
    email: optionalText(user.email, 'email'),
    firstName: optionalText(user.firstName, 'firstName'),
    lastName: optionalText(user.lastName, 'lastName'),
    name: optionalText(user.name, 'name'),
    role: isRole(user.role) ? user.role : 'standard',
    mustChangePassword: typeof user.mustChangePassword === 'boolean' ? user.mustChangePassword : false,
    // The sign-in answer leaves it out: whoever just signed in with a password has one.
    hasPassword: typeof user.hasPassword === 'boolean' ? user.hasPassword : true,
  }
}
