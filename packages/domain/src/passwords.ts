/** The spec's minimum (accounts-and-access section 9). */
export const MIN_PASSWORD_LENGTH = 6

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`

/**
 * Why a new password is refused, or null. Besides the length, it may not be the account's own username or
 * e-mail, or their part before the '@' (docs/security.md 5; Kratos refuses passwords close to the identifier).
 */
export function passwordProblem(password: string, identifiers: string[]): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  const lowered = password.trim().toLowerCase()
  const names = identifiers.flatMap((identifier) => {
    const value = identifier.trim().toLowerCase()
    return value ? [value, value.split('@')[0]!] : []
  })
  if (names.some((name) => name.length > 0 && lowered === name))
    return 'Password must not be your username or e-mail address'
  return null
}

/**
 * The spec's generated password: '#' + first name + last name + the last name's length, e.g. '#johnsmith5'.
 * Single import uses lower case; bulk import capitalises each name. Anyone who knows a person's name can
 * compute it, so imports use it only when a tenant opts in (docs/decisions/024-random-first-passwords.md).
 */
export function generatedPassword(
  firstName: string,
  lastName: string,
  style: 'lower' | 'capitalised',
): string {
  const clean = (name: string) => name.trim().replace(/\s+/g, '')
  const shape = (name: string) =>
    style === 'lower' ? name.toLowerCase() : name.charAt(0).toUpperCase() + name.slice(1).toLowerCase()
  const first = clean(firstName)
  const last = clean(lastName)
  return `#${shape(first)}${shape(last)}${last.length}`
}
