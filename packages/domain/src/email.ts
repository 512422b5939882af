/** The longest address an account may hold (RFC 5321's path limit). */
export const EMAIL_MAX = 320

/**
 * The e-mail rule of accounts (imports, register, an administrator's edit, forgot-password): one '@', a local
 * part of 1 to 64 characters, a domain of dot-separated labels (letters, digits, hyphens) ending in a
 * top-level name of 2 or more letters, no spaces or control characters. Written without a regular
 * expression, so no input makes it slow. Invitations follow their own, looser rule below.
 */
export function isAccountEmail(email: string): boolean {
  if (email.length > EMAIL_MAX) return false
  const at = email.indexOf('@')
  if (at < 1 || at !== email.lastIndexOf('@') || at > 64) return false
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  for (const character of local) {
    const code = character.charCodeAt(0)
    if (code <= 32 || code === 127 || '()<>[]\\,;:"'.includes(character)) return false
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2 || domain.length > 253) return false
  for (const label of labels) {
    if (label.length === 0 || label.length > 63) return false
    if (label.startsWith('-') || label.endsWith('-')) return false
    for (const character of label) {
      const code = character.charCodeAt(0)
      const letterOrDigit =
        (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127
      if (!letterOrDigit && character !== '-') return false
    }
  }
  const top = labels[labels.length - 1]!
  return top.length >= 2 && !/^\d+$/.test(top)
}

/**
 * The invitation e-mail rule (accounts-and-access section 5): the address must contain '@' and '.'.
 * Intranet addresses such as `first.last@intranet` qualify. Beyond the spec, an address is one line of
 * text with something on each side of its '@', a domain that neither starts nor ends with a dot, and no
 * spaces, so that a mail header can carry it.
 */
export function isInvitationEmail(email: string): boolean {
  const address = email.trim()
  if (!address.includes('@') || !address.includes('.')) return false
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1)
  // Control characters and spaces never belong in an address (and would break a mail header).
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/u.test(address)) return false
  return at > 0 && domain !== '' && !domain.startsWith('.') && !domain.endsWith('.')
}
