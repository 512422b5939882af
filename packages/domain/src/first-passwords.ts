import { generatedPassword } from './passwords.ts'

/**
 * The first passwords of imported people (docs/decisions/024-random-first-passwords.md): one rule, for
 * the import service and the pages that describe it.
 */

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
