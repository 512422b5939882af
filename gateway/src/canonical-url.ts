/**
 * The one reading of a request target that the router, the guards, the rate limits and the proxies share
 * (docs/security.md 18). Fastify's `rewriteUrl` puts it in place before routing, so nothing downstream ever
 * decides on the raw request line.
 *
 * - absolute-form (`GET http://host/api/x`) becomes its path;
 * - percent-encoded unreserved characters are decoded (`%2e` is `.`, `%61` is `a`), the others kept;
 * - repeated slashes collapse, `.` and `..` segments are resolved (RFC 3986 section 5.2.4), and a trailing
 *   slash goes;
 * - what different servers read differently is refused: encoded `/` or `\`, control characters
 *   (`%00`), `;` parameters, a backslash, a fragment or anything that is not a path.
 */
export type CanonicalTarget = { ok: true; path: string; url: string } | { ok: false; reason: string }

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i
const UNRESERVED = /^[\w.~-]$/
/** Visible ASCII only; `%` is checked separately. */
const PATH_CHARACTER = /^[\w!$&'()*+,./:=@~%-]$/

/** The usual path: nothing encoded and nothing refused, so there is nothing to decode (one test, not one per character). */
const PLAIN_PATH = /^[\w!$&'()*+,./:=@~-]*$/

function decodeUnreserved(path: string): { ok: true; path: string } | { ok: false; reason: string } {
  if (PLAIN_PATH.test(path)) return { ok: true, path }
  let result = ''
  for (let index = 0; index < path.length; index += 1) {
    const character = path[index]!
    if (character !== '%') {
      if (!PATH_CHARACTER.test(character)) return { ok: false, reason: 'a character not allowed in a path' }
      result += character
      continue
    }
    const hex = path.slice(index + 1, index + 3)
    if (!/^[0-9a-f]{2}$/i.test(hex)) return { ok: false, reason: 'a malformed percent-encoding' }
    const code = Number.parseInt(hex, 16)
    const decoded = String.fromCharCode(code)
    if (code < 0x20 || code >= 0x7f) return { ok: false, reason: 'an encoded control character' }
    if (decoded === '/' || decoded === '\\') return { ok: false, reason: 'an encoded slash' }
    result += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`
    index += 2
  }
  return { ok: true, path: result }
}

function removeDotSegments(path: string): string {
  // A dot segment starts after a slash; without one the path is already resolved.
  if (!path.includes('/.')) return path
  const output: string[] = []
  const segments = path.split('/').slice(1)
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    if (segment === '.' || segment === '..') {
      if (segment === '..' && output.length > 0) output.pop()
      // `/a/b/..` names the folder `/a/`, so a final dot segment leaves a trailing slash.
      if (last) output.push('')
      return
    }
    output.push(segment)
  })
  return `/${output.join('/')}`
}

export function canonicalTarget(raw: string): CanonicalTarget {
  let target = raw
  if (!target.startsWith('/')) {
    const absolute = ABSOLUTE_FORM.exec(target)
    if (!absolute) return { ok: false, reason: 'not a path' }
    target = target.slice(absolute[0].length)
    if (!target.startsWith('/')) target = `/${target}`
  }
  const queryStart = target.indexOf('?')
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart)
  const query = queryStart === -1 ? '' : target.slice(queryStart)
  if (rawPath.includes(';')) return { ok: false, reason: 'a path parameter' }
  const decoded = decodeUnreserved(rawPath)
  if (!decoded.ok) return decoded
  const resolved = removeDotSegments(decoded.path.replace(/\/{2,}/g, '/'))
  // The router ignores a trailing slash; the services then get the one spelling the guards decided on.
  const path = resolved.length > 1 ? resolved.replace(/\/$/, '') : resolved
  return { ok: true, path, url: path + query }
}

/** Where a target without a canonical form is routed: nowhere. The guards refuse it there (400). */
export const UNROUTABLE_PATH = '/.malformed'

/**
 * Whether a canonical path is under `/api`, or `/scim/` where SCIM's routes live as RFC 7644 names them (decision
 * 064), in any letter case (the guards match rows case-insensitively).
 */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase()
  return lower === '/api' || lower.startsWith('/api/') || isScimPath(lower)
}

/** Whether a canonical path is under `/scim/`, in any letter case: its answers, errors too, are SCIM's. */
export function isScimPath(path: string): boolean {
  return path.toLowerCase().startsWith('/scim/')
}
