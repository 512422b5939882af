import type { ReactNode } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { useSignInProviders } from '../api/get-sign-in-providers.ts'

/** The start of a provider's sign-in: the gateway sends the browser on to the provider, then back. */
function startUrl(provider: string, returnTo: string): string {
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start?returnTo=${encodeURIComponent(returnTo)}`
}

/**
 * 'Sign in with …' for each of the tenant's providers (docs/decisions/062-openid-connect-sign-in.md), above the
 * password form, which is folded away when every provider turned it off for its domains.
 */
export function ProviderSignIn({ returnTo, passwordForm }: { returnTo: string; passwordForm: ReactNode }) {
  const options = useSignInProviders()
  const providers = options.data?.providers ?? []
  if (providers.length === 0) return passwordForm
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
      {options.data?.passwordFormHidden ? (
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
