/** The spec's minimum (accounts-and-access section 9). */
export const MIN_PASSWORD_LENGTH = 6

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`

/**
 * Why a new password is refused, or null. Besides the length, it may not be the account's own username or
 * e-mail, or their part before the '@' (SECURITY.md 5; Kratos refuses passwords close to the identifier).
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

/** How an import makes first passwords: random (the default), or the spec's formula for a tenant that opts in. */
export const IMPORT_PASSWORD_FORMATS = ['random', 'spec'] as const
export type ImportPasswordFormat = (typeof IMPORT_PASSWORD_FORMATS)[number]

/** Letters and digits that read and type unambiguously: no 0/O, 1/l/I. 57 symbols, about 5.8 bits each. */
export const RANDOM_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
/** 16 symbols: about 93 bits, beyond any guessing through a throttled login. */
export const RANDOM_PASSWORD_LENGTH = 16

/**
 * A random password from the platform's cryptographic generator (seeded by the OS). Bytes that would bias
 * the alphabet are dropped (rejection sampling), so every symbol is equally likely.
 */
export function randomPassword(length: number = RANDOM_PASSWORD_LENGTH): string {
  const alphabet = RANDOM_PASSWORD_ALPHABET
  const limit = 256 - (256 % alphabet.length)
  let password = ''
  while (password.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(Math.min(length * 2, 4096)))) {
      if (byte >= limit) continue
      password += alphabet[byte % alphabet.length]
      if (password.length === length) break
    }
  }
  return password
}

/**
 * The one rule for an imported person's first password: random by default; with the spec's format, the
 * names capitalised for the CSV imports and in lower case for the single add
 * (as the Simple Import page explains).
 */
export function importPassword(
  format: ImportPasswordFormat,
  person: { firstName: string; lastName: string },
  importedBy: 'csv' | 'single',
): string {
  if (format === 'random') return randomPassword()
  return generatedPassword(
    person.firstName,
    person.lastName,
    importedBy === 'single' ? 'lower' : 'capitalised',
  )
}
