import type { OidcLoginOptions } from '@app/contracts/oidc'
import { useEffect, useState } from 'react'
import { apiClient } from '../../../lib/api-client.ts'

/**
 * The tenant's OpenID Connect providers for the login page, and whether its password form is off. Asked on
 * every visit of the page (it also says whether this browser just left a provider's session), and kept in
 * the page rather than in TanStack Query, which the sign-in page's first load runs without
 * (docs/decisions/065-first-pages-without-zod.md). Undefined while asked, or when it cannot be read: the
 * password form then shows alone.
 */
export function useSignInProviders(): { data: OidcLoginOptions | undefined } {
  const [options, setOptions] = useState<OidcLoginOptions>()
  useEffect(() => {
    let current = true
    apiClient.get('/api/auth/oidc/providers').then(
      (answer) => {
        if (current) setOptions(answer)
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])
  return { data: options }
}
