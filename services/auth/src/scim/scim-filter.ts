import type { Filter } from '@app/kit/store/port'
import { SCIM_USER_SCHEMA } from '@app/contracts/scim'
import { normaliseEmail, usernameKey } from '../repositories/users-repository.ts'
import { scimProblems } from './scim-errors.ts'

/** What follows the attribute of an equality filter, before its value. */
const EQUALS = /^\s+eq\s+/i

/** The attributes a filter may compare, as the store keeps them. */
const FILTERABLE: Record<string, (value: string) => Filter> = {
  username: (value) => ({ usernameKey: usernameKey(value) }),
  'emails.value': (value) => ({ email: normaliseEmail(value) }),
  emails: (value) => ({ email: normaliseEmail(value) }),
  'emails[type eq "work"].value': (value) => ({ email: normaliseEmail(value) }),
  externalid: (value) => ({ externalId: value }),
  id: (value) => (/^\d{1,15}$/.test(value) ? { id: Number(value) } : { id: -1 }),
}

const CORE_PREFIX = `${SCIM_USER_SCHEMA.toLowerCase()}:`
/** Longest first, so that `emails.value` is not read as `emails` followed by `.value`. */
const ATTRIBUTES = Object.keys(FILTERABLE).sort((left, right) => right.length - left.length)

/**
 * The store filter of a SCIM filter: `attribute eq "value"`, what Entra ID and Okta send to find an account
 * before they create it (RFC 7644 section 3.4.2.2), the value a JSON string and the attribute's name in any
 * case. Anything else is refused as `invalidFilter`.
 */
export function filterOf(filter: string | undefined): Filter {
  if (filter === undefined || filter.trim() === '') return {}
  let text = filter.trim()
  if (text.toLowerCase().startsWith(CORE_PREFIX)) text = text.slice(CORE_PREFIX.length)
  const attribute = ATTRIBUTES.find((name) => text.toLowerCase().startsWith(name))
  const equals = attribute ? EQUALS.exec(text.slice(attribute.length)) : null
  if (!attribute || !equals)
    throw scimProblems.invalidFilter(
      'Only `attribute eq "value"` filters on userName, emails.value, externalId or id are supported',
    )
  let value: unknown
  try {
    value = JSON.parse(text.slice(attribute.length + equals[0].length))
  } catch {
    throw scimProblems.invalidFilter('The filter value must be one quoted string')
  }
  if (typeof value !== 'string')
    throw scimProblems.invalidFilter('The filter value must be one quoted string')
  return FILTERABLE[attribute]!(value)
}
