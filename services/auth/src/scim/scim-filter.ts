import type { Filter } from '@app/kit/store/port'
import { SCIM_USER_SCHEMA } from '@app/contracts/scim'
import { normaliseEmail, usernameKey } from '../repositories/users-repository.ts'
import { scimProblems } from './scim-errors.ts'

/**
 * `attribute eq "value"`: the filters Entra ID and Okta send to find an account before they create it
 * (RFC 7644 section 3.4.2.2). The value is a JSON string, escapes and all; attribute names ignore case.
 */
const EQUALITY = /^\s*([\w.:-]+(?:\[[^\]]*\][\w.]*)?)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i

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

/** The store filter of a SCIM filter; anything but one supported equality is refused as `invalidFilter`. */
export function filterOf(filter: string | undefined): Filter {
  if (filter === undefined || filter.trim() === '') return {}
  const match = EQUALITY.exec(filter)
  if (!match)
    throw scimProblems.invalidFilter(
      'Only `attribute eq "value"` filters on userName, emails.value, externalId or id are supported',
    )
  let attribute = match[1]!.toLowerCase().replaceAll(/\s+/g, ' ')
  if (attribute.startsWith(CORE_PREFIX)) attribute = attribute.slice(CORE_PREFIX.length)
  const toFilter = FILTERABLE[attribute]
  if (!toFilter) throw scimProblems.invalidFilter(`Filtering on ${match[1]} is not supported`)
  let value: unknown
  try {
    value = JSON.parse(match[2]!)
  } catch {
    throw scimProblems.invalidFilter('The filter value is not a valid string')
  }
  return toFilter(String(value))
}
