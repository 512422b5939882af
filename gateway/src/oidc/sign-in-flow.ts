import { randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import type { OidcAccountRequest } from '@app/contracts/oidc'
import { isInDomains, safeReturnPath } from '@app/domain/sign-in-domains'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { OidcProvider } from './config.ts'
import type { ProviderClients } from './provider-clients.ts'

/** A sign-in must come back from the provider within this time, or start again. */
export const FLOW_LIFETIME_MS = 10 * 60_000
const flowKey = (flowId: string) => `oidc:flow:${flowId}`

/** Why a sign-in was refused: the login page says it in words (web's sign-in-error). */
export type RefusalReason = 'failed' | 'domain' | 'unverified'

export class SignInRefused extends Error {
  override name = 'SignInRefused'
  constructor(
    readonly reason: RefusalReason,
    /** For the log only: what failed, never a token. */
    readonly detail: string,
  ) {
    super(`OpenID Connect sign-in refused: ${detail}`)
  }
}

/** What the gateway keeps between sending the browser to the provider and its return: never in the browser. */
interface Flow {
  provider: string
  state: string
  nonce: string
  codeVerifier: string
  returnTo: string | null
}

/**
 * Starts an authorization code flow with PKCE, state and nonce. The flow is kept in the key-value store
 * under a random id that only the browser's cookie names, so any replica can finish it, and only once.
 */
export async function startSignIn(
  clients: ProviderClients,
  kv: KeyValueStore,
  provider: OidcProvider,
  options: { redirectUri: string; returnTo: string | undefined },
): Promise<{ url: string; flowId: string }> {
  const configuration = await clients.configuration(provider)
  const flow: Flow = {
    provider: provider.id,
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    returnTo: safeReturnPath(options.returnTo),
  }
  const flowId = randomBytes(32).toString('base64url')
  await kv.set(flowKey(flowId), JSON.stringify(flow), FLOW_LIFETIME_MS)
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: options.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  })
  return { url: url.href, flowId }
}

/** The flow a cookie names, taken out of the store: whoever deletes it first owns it, so it is used once. */
async function takeFlow(kv: KeyValueStore, flowId: string): Promise<Flow | null> {
  const text = await kv.get(flowKey(flowId))
  if (text === null || !(await kv.delete(flowKey(flowId)))) return null
  return JSON.parse(text) as Flow
}

export interface FinishedSignIn {
  claims: Record<string, unknown>
  idToken: string
  returnTo: string | null
}

/**
 * Finishes the flow the browser's cookie names: openid-client exchanges the code with the PKCE verifier and
 * checks the state, and the ID token's signature (the provider's keys), issuer, audience, expiry and nonce.
 * The provider's tokens stay here; only the claims leave.
 */
export async function finishSignIn(
  clients: ProviderClients,
  kv: KeyValueStore,
  provider: OidcProvider,
  options: { flowId: string | undefined; callbackUrl: URL },
): Promise<FinishedSignIn> {
  if (!options.flowId) throw new SignInRefused('failed', 'no sign-in under way in this browser')
  const flow = await takeFlow(kv, options.flowId)
  if (!flow) throw new SignInRefused('failed', 'the sign-in expired or was already used')
  if (flow.provider !== provider.id)
    throw new SignInRefused('failed', 'the sign-in began with another provider')
  const configuration = await clients.configuration(provider)
  let tokens
  try {
    tokens = await client.authorizationCodeGrant(configuration, options.callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
  } catch (error) {
    throw new SignInRefused('failed', `${(error as Error).name}: ${(error as Error).message}`)
  }
  const idClaims = tokens.claims()
  if (!tokens.id_token || !idClaims) throw new SignInRefused('failed', 'no ID token')
  let claims: Record<string, unknown> = { ...idClaims }
  // Names and the e-mail are often only at the userinfo endpoint; the ID token's own claims win.
  if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      claims = { ...userInfo, ...idClaims }
    } catch (error) {
      throw new SignInRefused('failed', `userinfo: ${(error as Error).name}: ${(error as Error).message}`)
    }
  }
  return { claims, idToken: tokens.id_token, returnTo: flow.returnTo }
}

/** Whether the claims make this person an administrator under the provider's rule. */
export function isAdministratorClaim(provider: OidcProvider, claims: Record<string, unknown>): boolean {
  if (!provider.adminClaim) return false
  const value = claims[provider.adminClaim]
  if (provider.adminValue === undefined) return value === true
  if (Array.isArray(value)) return value.includes(provider.adminValue)
  return value === provider.adminValue
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

/**
 * The person to sign in, from the claims: a verified e-mail in one of the provider's domains, or refused.
 * Names come from given_name and family_name, else from name.
 */
export function personOf(provider: OidcProvider, claims: Record<string, unknown>): OidcAccountRequest {
  const email = text(claims.email, 320).toLowerCase()
  if (!email) throw new SignInRefused('unverified', 'the provider sent no e-mail')
  if (claims.email_verified !== true) throw new SignInRefused('unverified', 'the e-mail is not verified')
  if (!isInDomains(email, provider.emailDomains))
    throw new SignInRefused('domain', 'the e-mail is outside the allowed domains')
  let firstName = text(claims.given_name, 200)
  let lastName = text(claims.family_name, 200)
  if (!firstName && !lastName) {
    const parts = text(claims.name, 400).split(/\s+/).filter(Boolean)
    firstName = parts.slice(0, -1).join(' ') || (parts[0] ?? '')
    lastName = parts.length > 1 ? parts.at(-1)! : ''
  }
  return {
    provider: provider.id,
    email,
    emailVerified: true,
    firstName: firstName.slice(0, 200),
    lastName: lastName.slice(0, 200),
    administrator: isAdministratorClaim(provider, claims),
  }
}
