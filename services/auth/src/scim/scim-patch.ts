import { SCIM_USER_SCHEMA, ScimUserRequestSchema, type ScimPatchRequest } from '@app/contracts/scim'
import { describeZodError } from '@app/kit/errors'
import type { StoredUser } from '../repositories/users-repository.ts'
import { scimProblems } from './scim-errors.ts'
import { stateOfRequest, type ScimAccountState } from './scim-user-resource.ts'

type Document = Record<string, unknown>
type Operation = ScimPatchRequest['Operations'][number]
type Kind = 'add' | 'replace' | 'remove'

/** The attributes a PATCH may change, by their name in lower case (RFC 7643 names ignore case). */
const ATTRIBUTES: Record<string, string> = {
  username: 'userName',
  externalid: 'externalId',
  name: 'name',
  displayname: 'displayName',
  emails: 'emails',
  active: 'active',
  password: 'password',
}
const NAME_PARTS: Record<string, string> = {
  givenname: 'givenName',
  familyname: 'familyName',
  formatted: 'formatted',
  middlename: 'middleName',
}
const EMAIL_PARTS: Record<string, string> = { value: 'value', type: 'type', primary: 'primary' }

const CORE_PREFIX = `${SCIM_USER_SCHEMA.toLowerCase()}:`
const NAME = /^\w+$/
const VALUE_FILTER = /^(\w+)\s+eq\s+(\S.*)$/i

interface Path {
  attribute: string
  filter: { field: string; value: unknown } | undefined
  sub: string | undefined
}

/** A path's parts; null for an attribute the product does not keep (an extension's, a title), which is ignored. */
function parsePath(raw: string): Path | null {
  let path = raw.trim()
  if (path.toLowerCase().startsWith(CORE_PREFIX)) path = path.slice(CORE_PREFIX.length)
  else if (path.toLowerCase().startsWith('urn:')) return null
  const parts = partsOf(path)
  if (!parts) throw scimProblems.invalidPath(`The path ${raw} is not valid`)
  const attribute = ATTRIBUTES[parts.name.toLowerCase()]
  if (!attribute) return null
  let filter: Path['filter']
  if (parts.filter !== undefined) {
    const condition = VALUE_FILTER.exec(parts.filter.trim())
    if (!condition) throw scimProblems.invalidPath(`The filter in ${raw} is not supported`)
    let value: unknown
    try {
      value = JSON.parse(condition[2]!)
    } catch {
      throw scimProblems.invalidPath(`The filter value in ${raw} is not valid`)
    }
    filter = { field: condition[1]!.toLowerCase(), value }
  }
  return { attribute, filter, sub: parts.sub?.toLowerCase() }
}

/** `attribute`, `attribute.sub`, `attribute[filter]` or `attribute[filter].sub` (RFC 7644 section 3.5.2). */
function partsOf(path: string): { name: string; filter?: string; sub?: string } | null {
  const open = path.indexOf('[')
  const close = open === -1 ? -1 : path.indexOf(']', open)
  if (open !== -1 && close === -1) return null
  const head = open === -1 ? path : path.slice(0, open)
  const tail = open === -1 ? '' : path.slice(close + 1)
  const [name = '', sub, ...more] = (open === -1 ? head : head + tail).split('.')
  if (more.length > 0 || !NAME.test(name) || (sub !== undefined && !NAME.test(sub))) return null
  if (open !== -1 && tail !== '' && !tail.startsWith('.')) return null
  return {
    name,
    ...(open === -1 ? {} : { filter: path.slice(open + 1, close) }),
    ...(sub === undefined ? {} : { sub }),
  }
}

const isObject = (value: unknown): value is Document =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const sameValue = (left: unknown, right: unknown) =>
  typeof left === 'string' && typeof right === 'string'
    ? left.toLowerCase() === right.toLowerCase()
    : String(left).toLowerCase() === String(right).toLowerCase()

function changeEmails(document: Document, path: Path, value: unknown, kind: Kind): void {
  const emails = Array.isArray(document.emails) ? (document.emails as Document[]) : []
  const matches = (email: Document) =>
    !path.filter || sameValue(email[EMAIL_PARTS[path.filter.field] ?? path.filter.field], path.filter.value)
  if (kind === 'remove') {
    document.emails = path.filter ? emails.filter((email) => !matches(email)) : []
    return
  }
  if (!path.filter && !path.sub) {
    const added = (Array.isArray(value) ? value : [value]).filter(isObject)
    document.emails =
      kind === 'replace'
        ? added
        : [...emails.filter((email) => !added.some((next) => sameValue(next.value, email.value))), ...added]
    return
  }
  const sub = path.sub ? EMAIL_PARTS[path.sub] : undefined
  if (path.sub && !sub) return
  const change = sub ? { [sub]: value } : isObject(value) ? value : null
  if (!change) throw scimProblems.invalidValue(`The value for ${path.attribute} must be an object`)
  const targets = path.filter ? emails.filter(matches) : emails.slice(0, 1)
  if (targets.length > 0) {
    for (const target of targets) Object.assign(target, change)
  } else {
    const created: Document = { primary: emails.length === 0, ...change }
    if (path.filter) created[EMAIL_PARTS[path.filter.field] ?? path.filter.field] = path.filter.value
    emails.push(created)
  }
  document.emails = emails
}

function change(document: Document, rawPath: string, value: unknown, kind: Kind): void {
  const path = parsePath(rawPath)
  if (!path) return
  if (path.attribute === 'emails') return changeEmails(document, path, value, kind)
  if (path.filter) throw scimProblems.invalidPath(`${rawPath}: ${path.attribute} has no values to filter`)
  if (path.attribute === 'name') {
    const name = isObject(document.name) ? { ...document.name } : {}
    if (path.sub) {
      const part = NAME_PARTS[path.sub]
      if (!part) return
      if (kind === 'remove') delete name[part]
      else name[part] = value
    } else if (kind === 'remove') {
      delete document.name
      return
    } else if (isObject(value)) {
      // A complex attribute's sub-attributes not named keep their values (RFC 7644 section 3.5.2.3).
      for (const [key, part] of Object.entries(value)) {
        const known = NAME_PARTS[key.toLowerCase()]
        if (known) name[known] = part
      }
    } else throw scimProblems.invalidValue('The value for name must be an object')
    document.name = name
    return
  }
  if (path.sub) throw scimProblems.invalidPath(`${rawPath}: ${path.attribute} has no sub-attributes`)
  if (kind === 'remove') delete document[path.attribute]
  else document[path.attribute] = value
}

function apply(document: Document, operation: Operation): void {
  const kind = operation.op.toLowerCase()
  if (kind !== 'add' && kind !== 'replace' && kind !== 'remove')
    throw scimProblems.invalidSyntax(`Unknown PATCH operation ${operation.op}`)
  if (operation.path !== undefined) return change(document, operation.path, operation.value, kind)
  if (kind === 'remove') throw scimProblems.noTarget('A remove operation needs a path')
  // Without a path the value holds attributes by name, or by path as Entra ID sends `name.givenName`.
  if (!isObject(operation.value))
    throw scimProblems.invalidValue('An operation without a path needs an object value')
  for (const [key, value] of Object.entries(operation.value)) change(document, key, value, kind)
}

/** What a SCIM client sees of an account, as a request body a PATCH can change. */
function documentOf(user: StoredUser): Document {
  return {
    userName: user.username,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    name: { givenName: user.firstName, familyName: user.lastName, formatted: user.name },
    displayName: user.name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.active !== false,
  }
}

/**
 * The account a PATCH asks for: its operations applied in order to the account as SCIM shows it, the result
 * checked as a PUT body is, so both end in the same state. An operation on an attribute the product does not
 * keep changes nothing.
 */
export function patchedState(user: StoredUser, request: ScimPatchRequest): ScimAccountState {
  const document = documentOf(user)
  for (const operation of request.Operations) apply(document, operation)
  const parsed = ScimUserRequestSchema.safeParse(document)
  if (!parsed.success) throw scimProblems.invalidValue(describeZodError(parsed.error))
  return stateOfRequest(parsed.data)
}
