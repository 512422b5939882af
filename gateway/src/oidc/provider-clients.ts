import * as client from 'openid-client'
import { isLoopbackUrl, type OidcProvider } from './config.ts'

/**
 * openid-client's configuration of each provider, discovered from its issuer on first use and kept; a
 * failed discovery is tried again on the next sign-in, so a provider that was down at start-up heals.
 */
export function createProviderClients(providers: readonly OidcProvider[]) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]))
  const discovered = new Map<string, Promise<client.Configuration>>()

  async function discover(provider: OidcProvider): Promise<client.Configuration> {
    // Plain http is allowed only on loopback (the config refuses it elsewhere): a provider the tests start.
    const insecure = provider.issuer.startsWith('http://') && isLoopbackUrl(provider.issuer)
    // openid-client trusts the token endpoint's TLS for the ID token by default; the signature is checked as
    // well, against the provider's published keys, so a token signed with any other key is refused.
    const execute = insecure
      ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
      : [client.enableNonRepudiationChecks]
    return client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret, id_token_signed_response_alg: 'RS256' },
      client.ClientSecretBasic(provider.clientSecret),
      { execute, timeout: 10 },
    )
  }

  return {
    provider: (id: string): OidcProvider | null => byId.get(id) ?? null,
    list: (): readonly OidcProvider[] => providers,
    configuration(provider: OidcProvider): Promise<client.Configuration> {
      let configuration = discovered.get(provider.id)
      if (!configuration) {
        configuration = discover(provider)
        discovered.set(provider.id, configuration)
        configuration.catch(() => discovered.delete(provider.id))
      }
      return configuration
    },
  }
}
export type ProviderClients = ReturnType<typeof createProviderClients>
