import type { OidcProviderSettings } from '@app/contracts/oidc'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSignInSettings } from '../api/get-sign-in-settings.ts'

function adminRule(provider: OidcProviderSettings): string {
  if (!provider.adminClaim) return 'None: nobody becomes an administrator through this provider'
  if (provider.adminValue === null) return `The claim '${provider.adminClaim}' is true`
  return `The claim '${provider.adminClaim}' holds '${provider.adminValue}'`
}

function ProviderCard({ provider }: { provider: OidcProviderSettings }) {
  const rows: Array<[string, string]> = [
    ['Issuer', provider.issuer],
    ['Client id', provider.clientId],
    ['Client secret', `Set, from ${provider.clientSecretSource}`],
    ['Redirect URI to register at the provider', provider.redirectUri],
    ['Allowed e-mail domains', provider.emailDomains.join(', ')],
    ['Administrators', adminRule(provider)],
    ['Password form for these domains', provider.passwordLogin ? 'Shown' : 'Turned off'],
  ]
  return (
    <section
      aria-labelledby={`provider-${provider.id}`}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={`provider-${provider.id}`} className="text-lg font-semibold text-slate-900">
        {provider.name} <span className="text-sm font-normal text-slate-600">({provider.id})</span>
      </h3>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/**
 * The tenant's OpenID Connect providers as its configuration sets them (env, compose, Helm values): what
 * an administrator checks against the provider's side. The client secret is never shown, only its source.
 */
export function SignInProviders() {
  const settings = useSignInSettings()
  if (settings.isPending) return <Spinner />
  if (settings.isError) return <p role="alert">The sign-in settings could not be loaded.</p>
  if (settings.data.providers.length === 0)
    return (
      <p className="text-sm text-slate-700">
        No OpenID Connect provider is configured: people sign in with their password. See the README&apos;s
        &lsquo;Setting up OpenID Connect&rsquo;.
      </p>
    )
  return (
    <div className="flex flex-col gap-6">
      {settings.data.providers.map((provider) => (
        <ProviderCard key={provider.id} provider={provider} />
      ))}
    </div>
  )
}
