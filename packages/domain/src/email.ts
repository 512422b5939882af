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
