/**
 * Rules of signing in with a tenant's identity provider (docs/decisions/062-openid-connect-sign-in.md),
 * shared by the gateway, which enforces them, and the web app, which shows them.
 */

/** The domain of an e-mail address, lower-cased, or null when it has no single '@' with text on each side. */
export function emailDomainOf(email: string): string | null {
  const at = email.indexOf('@')
  if (at < 1 || at !== email.lastIndexOf('@') || at === email.length - 1) return null
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
}

/** Whether the address is in one of the domains, exactly: a subdomain is another domain. */
export function isInDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomainOf(email)
  return domain !== null && domains.some((allowed) => allowed.toLowerCase() === domain)
}

/** The longest return path kept across a sign-in; longer ones fall back to the default page. */
const RETURN_PATH_MAX = 512

/**
 * A path on this site to return to after signing in, or null: it must start with one '/', never '//' or
 * '/\' (which browsers read as another host), and carry no control characters or backslashes, so that the
 * redirect cannot leave the site.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  for (const character of value) {
    const code = character.charCodeAt(0)
    if (code <= 32 || code === 127 || character === '\\') return null
  }
  return value
}
