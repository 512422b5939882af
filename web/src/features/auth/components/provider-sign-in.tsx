import type { OidcLoginOptions } from '@app/contracts/oidc'
import { useEffect, type ReactNode } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { FormAlert } from '../../../components/ui/form.tsx'
import { signInErrorMessage } from '../sign-in-error.ts'

/** The start of a provider's sign-in: the gateway sends the browser on to the provider, then back. */
function startUrl(provider: string, returnTo: string): string {
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start?returnTo=${encodeURIComponent(returnTo)}`
}

/**
 * Ends the provider's session after a logout of a provider's sign-in, where the provider offers that (decision
 * 062): the browser goes to the provider's logout page the gateway names, and comes back to /login. It runs
 * here, on the login page the logout leads to, so that no signed-in page carries its code.
 */
async function endProviderSession(): Promise<void> {
  const { endSessionUrl } = await apiClient.post('/api/auth/oidc/logout')
  if (endSessionUrl) location.assign(endSessionUrl)
}

/**
 * 'Sign in with …' for each of the tenant's providers (docs/decisions/062-openid-connect-sign-in.md), above the
 * password form, which is folded away when every provider turned it off for its domains. Its own chunk: a
 * tenant without providers never loads it.
 */
export function ProviderSignIn({
  options,
  returnTo,
  passwordForm,
}: {
  options: OidcLoginOptions
  returnTo: string
  passwordForm: ReactNode
}) {
  const providers = options.providers
  useEffect(() => {
    // Our session has ended already; a provider that cannot be reached keeps its own.
    if (options.providerSignOut) endProviderSession().catch(() => undefined)
  }, [options.providerSignOut])
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3">
        {providers.map((provider) => (
          <li key={provider.id}>
            <a href={startUrl(provider.id, returnTo)} className={`${buttonClasses('secondary')} w-full`}>
              Sign in with {provider.name}
            </a>
          </li>
        ))}
      </ul>
      {options.passwordFormHidden ? (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">Other accounts: sign in with a password</summary>
          <div className="mt-4">{passwordForm}</div>
        </details>
      ) : (
        <>
          <p className="text-center text-xs font-medium tracking-wide text-slate-500 uppercase">
            or with your password
          </p>
          {passwordForm}
        </>
      )}
    </div>
  )
}

/** Why a provider's sign-in came back refused (`?signInError=`), above the sign-in choices. */
export function ProviderSignInError({ search }: { search: string }) {
  const message = signInErrorMessage(search)
  if (!message) return null
  return (
    <div className="mb-5">
      <FormAlert>{message}</FormAlert>
    </div>
  )
}
