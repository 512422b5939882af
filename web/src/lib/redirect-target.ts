/**
 * Where to go once signed in (or once the password is changed): the same-site path a guard remembered in
 * the navigation state, else the fallback. Paths of the sign-in steps themselves never count.
 */
export function redirectTarget(state: unknown, fallback: string, excluded: readonly string[]): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return fallback
  }
  const pathname = from.split(/[?#]/, 1)[0] ?? ''
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return excluded.includes(normalised) ? fallback : from
}
