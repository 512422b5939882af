import { randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import { SESSION_ABSOLUTE_LIFETIME_MS } from '@app/kit/kv/index'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ProviderClients } from './provider-clients.ts'

const providerSessionKey = (id: string) => `oidc:session:${id}`

/**
 * Keeps the ID token of a provider's sign-in for as long as our session may live, under a random id the
 * browser's cookie names: at logout it is the `id_token_hint` of RP-initiated logout, and it never reaches
 * the browser.
 */
export async function rememberProviderSession(kv: KeyValueStore, provider: string, idToken: string) {
  const id = randomBytes(32).toString('base64url')
  await kv.set(providerSessionKey(id), JSON.stringify({ provider, idToken }), SESSION_ABSOLUTE_LIFETIME_MS)
  return id
}

/**
 * Where the browser goes to end the provider's session too (OpenID Connect RP-Initiated Logout), or null when
 * the provider offers no end_session_endpoint or the session is unknown. Used once: the record is deleted.
 */
export async function endSessionUrl(
  clients: ProviderClients,
  kv: KeyValueStore,
  id: string,
  postLogoutRedirectUri: string,
): Promise<string | null> {
  const text = await kv.get(providerSessionKey(id))
  if (text === null || !(await kv.delete(providerSessionKey(id)))) return null
  const { provider: providerId, idToken } = JSON.parse(text) as { provider: string; idToken: string }
  const provider = clients.provider(providerId)
  if (!provider) return null
  let configuration
  try {
    configuration = await clients.configuration(provider)
  } catch {
    return null
  }
  if (!configuration.serverMetadata().end_session_endpoint) return null
  return client.buildEndSessionUrl(configuration, {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutRedirectUri,
  }).href
}
