/** What the login page says when a provider's sign-in came back refused (the gateway's `signInError`). */
const SIGN_IN_ERRORS: Record<string, string> = {
  failed: 'Signing in with your provider did not succeed. Please try again.',
  domain: 'Your e-mail address is not in a domain that may sign in with this provider.',
  unverified: 'Your provider has not verified your e-mail address, so it cannot sign you in here.',
  unavailable: 'Your sign-in provider cannot be reached. Please try again shortly.',
}

export function signInErrorMessage(search: string): string | null {
  const reason = new URLSearchParams(search).get('signInError')
  if (reason === null) return null
  return SIGN_IN_ERRORS[reason] ?? SIGN_IN_ERRORS.failed!
}
