import { createHash } from 'node:crypto'
import { SCIM_USER_SCHEMA, type ScimUser, type ScimUserRequest } from '@app/contracts/scim'
import { isAccountEmail } from '@app/domain/email'
import type { StoredUser } from '../repositories/users-repository.ts'
import { scimProblems } from './scim-errors.ts'

/** What a SCIM client decides of an account: the attributes the product keeps (decision 064). */
export interface ScimAccountState {
  userName: string
  email: string
  firstName: string
  lastName: string
  name: string
  externalId: string | undefined
  active: boolean
  password: string | undefined
}

/**
 * The version of an account as SCIM's `meta.version` and `ETag` (RFC 7644 section 3.14): a weak tag of what
 * the client sees and when it last changed, so any write makes the older tag stale.
 */
export function versionOf(user: StoredUser): string {
  const seen = [user.username, user.email, user.firstName, user.lastName, user.name, user.externalId ?? '']
  const hash = createHash('sha256')
    .update(JSON.stringify([...seen, user.active !== false, user.updatedAt.getTime()]))
    .digest('base64url')
  return `W/"${hash.slice(0, 22)}"`
}

/** An account as a SCIM User (RFC 7643 section 4.1; the shape of its example in section 8.2). */
export function toScimUser(user: StoredUser, baseUrl: string): ScimUser {
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: String(user.id),
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.username,
    name: { givenName: user.firstName, familyName: user.lastName, formatted: user.name },
    displayName: user.name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.active !== false,
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
      version: versionOf(user),
    },
  }
}

/**
 * The account a SCIM User asks for. The e-mail is the primary one, else the first, else the userName when it
 * is an address (Entra ID's user principal names usually are); an account without an address is refused.
 */
export function stateOfRequest(request: ScimUserRequest): ScimAccountState {
  const userName = request.userName.trim()
  if (!userName) throw scimProblems.invalidValue('userName is required')
  const emails = (request.emails ?? []).map((email) => ({ ...email, value: email.value.trim() }))
  const email = (emails.find((candidate) => candidate.primary) ?? emails[0])?.value ?? userName
  if (!isAccountEmail(email))
    throw scimProblems.invalidValue('A user needs a valid e-mail address (emails, or a userName that is one)')
  const firstName = request.name?.givenName?.trim() ?? ''
  const lastName = request.name?.familyName?.trim() ?? ''
  const name =
    request.displayName?.trim() ||
    request.name?.formatted?.trim() ||
    `${firstName} ${lastName}`.trim() ||
    userName
  return {
    userName,
    email,
    firstName,
    lastName,
    name,
    externalId: request.externalId?.trim() || undefined,
    active: request.active ?? true,
    password: request.password ?? undefined,
  }
}
