import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import { internalApi } from '@app/contracts/internal'
import type { OidcLoginOptions, OidcSettings } from '@app/contracts/oidc'
import { paths } from '@app/domain/spa-routes'
import { AppError } from '@app/kit/errors'
import { registerRequestIdContext } from '@app/kit/logger'
import { SESSION_ABSOLUTE_LIFETIME_MS } from '@app/kit/kv/index'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ServiceClient } from '@app/kit/service-client'
import { encodeLoginHeader, LOGIN_HEADER, LOGOUT_HEADER } from '@app/kit/session-headers'
import { registerZodValidation, type ZodTypeProvider } from '@app/kit/validation'
import type { OidcProvider } from '../oidc/config.ts'
import type { ProviderClients } from '../oidc/provider-clients.ts'
import { endSessionUrl, rememberProviderSession } from '../oidc/provider-logout.ts'
import { finishSignIn, FLOW_LIFETIME_MS, personOf, SignInRefused, startSignIn } from '../oidc/sign-in-flow.ts'

/** Names the sign-in under way in this browser; the flow itself is in the key-value store. */
export const FLOW_COOKIE = 'oidc_flow'
/** Names what ends the provider's session at logout; the ID token itself stays in the key-value store. */
export const PROVIDER_SESSION_COOKIE = 'oidc_session'
/** Set by a logout of a provider's session: the login page then ends the provider's session too. */
export const PROVIDER_SIGN_OUT_COOKIE = 'oidc_sign_out'

export interface OidcRoutesOptions {
  clients: ProviderClients
  kv: KeyValueStore
  auth: ServiceClient
  publicUrl: string
  secure: boolean
}

const unknownProvider = () => new AppError(404, 'GATEWAY_OIDC_UNKNOWN_PROVIDER', 'No such sign-in provider')

function loginOptionsOf(providers: readonly OidcProvider[]): Omit<OidcLoginOptions, 'providerSignOut'> {
  const off = providers.filter((provider) => !provider.passwordLogin)
  return {
    providers: providers.map(({ id, name }) => ({ id, name })),
    passwordOffDomains: [...new Set(off.flatMap((provider) => provider.emailDomains))],
    passwordFormHidden: providers.length > 0 && off.length === providers.length,
  }
}

function settingsOf(providers: readonly OidcProvider[], publicUrl: string): OidcSettings {
  return {
    providers: providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecretSource: provider.clientSecretSource,
      emailDomains: provider.emailDomains,
      adminClaim: provider.adminClaim ?? null,
      adminValue: provider.adminValue ?? null,
      passwordLogin: provider.passwordLogin,
      redirectUri: callbackUrlOf(publicUrl, provider),
    })),
  }
}

const callbackUrlOf = (publicUrl: string, provider: OidcProvider) =>
  `${publicUrl.replace(/\/+$/, '')}/api/auth/oidc/${provider.id}/callback`

/** Back to the login page, saying why; never a session. */
function refuse(reply: FastifyReply, reason: string) {
  return reply.redirect(`${paths.login}?signInError=${reason}`, 302)
}

/**
 * The provider's answer: a person signed in through auth's account of their verified e-mail, the session
 * issued the way a password login's is (the login header, turned into the cookie by plugins/session.ts).
 */
async function completeSignIn(
  options: OidcRoutesOptions,
  provider: OidcProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
  const finished = await finishSignIn(options.clients, options.kv, provider, {
    flowId: request.cookies[FLOW_COOKIE],
    callbackUrl: new URL(`${callbackUrlOf(options.publicUrl, provider)}${search}`),
  })
  const person = personOf(provider, finished.claims)
  const { user, created } = await options.auth.request(internalApi.oidcAccount, { body: person })
  request.log.info(
    { event: created ? 'oidc_first_sign_in' : 'oidc_sign_in', userId: user.id, provider: provider.id },
    'signed in with a provider',
  )
  const providerSession = await rememberProviderSession(options.kv, provider.id, finished.idToken)
  reply.setCookie(PROVIDER_SESSION_COOKIE, providerSession, {
    ...cookieOptions(options.secure),
    maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  })
  reply.header(LOGIN_HEADER, encodeLoginHeader({ ...user, mustChangePassword: false }))
  return reply.redirect(finished.returnTo ?? paths.history, 302)
}

const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure })

/** The OpenID Connect sign-in (docs/decisions/062-openid-connect-sign-in.md), answered by the gateway. */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions) {
  registerZodValidation(app)
  // The call to auth carries the client's address as resolved here and this request's id, for its audit record.
  registerRequestIdContext(app, (request) => request.ip)
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { clients, kv } = options
  const { oidcProviders, oidcStart, oidcCallback, oidcLogout, oidcSettings } = api
  const loginOptions = loginOptionsOf(clients.list())
  const settings = settingsOf(clients.list(), options.publicUrl)

  routes.get(oidcProviders.path, async (request): Promise<OidcLoginOptions> => {
    const { cookies } = request
    const providerSignOut = Boolean(cookies[PROVIDER_SIGN_OUT_COOKIE] && cookies[PROVIDER_SESSION_COOKIE])
    return { ...loginOptions, providerSignOut }
  })
  routes.get(oidcSettings.path, async () => settings)

  routes.get(
    oidcStart.path,
    { schema: { params: oidcStart.params, querystring: oidcStart.querystring } },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider)
      if (!provider) throw unknownProvider()
      let started
      try {
        started = await startSignIn(clients, kv, provider, {
          redirectUri: callbackUrlOf(options.publicUrl, provider),
          returnTo: request.query.returnTo,
        })
      } catch (error) {
        request.log.warn(
          { event: 'oidc_unreachable', provider: provider.id, err: error },
          'provider unreachable',
        )
        return refuse(reply, 'unavailable')
      }
      reply.setCookie(FLOW_COOKIE, started.flowId, {
        ...cookieOptions(options.secure),
        path: '/api/auth/oidc/',
        maxAge: FLOW_LIFETIME_MS / 1000,
      })
      return reply.redirect(started.url, 302)
    },
  )

  routes.get(
    oidcCallback.path,
    { schema: { params: oidcCallback.params, querystring: oidcCallback.querystring } },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider)
      if (!provider) throw unknownProvider()
      reply.clearCookie(FLOW_COOKIE, { ...cookieOptions(options.secure), path: '/api/auth/oidc/' })
      try {
        return await completeSignIn(options, provider, request, reply)
      } catch (error) {
        reply.removeHeader(LOGIN_HEADER)
        const refusal = error instanceof SignInRefused ? error : null
        request.log.warn(
          {
            event: 'oidc_refused',
            provider: provider.id,
            reason: refusal?.reason ?? 'failed',
            detail: refusal?.detail ?? (error as Error).message,
          },
          'provider sign-in refused',
        )
        return refuse(reply, refusal?.reason ?? 'failed')
      }
    },
  )

  routes.post(oidcLogout.path, async (request, reply) => {
    const providerSession = request.cookies[PROVIDER_SESSION_COOKIE]
    reply.clearCookie(PROVIDER_SESSION_COOKIE, cookieOptions(options.secure))
    reply.clearCookie(PROVIDER_SIGN_OUT_COOKIE, cookieOptions(options.secure))
    // Our own session ends too, if it is still open (plugins/session.ts reads this header).
    if (request.session) reply.header(LOGOUT_HEADER, '1')
    const url = providerSession
      ? await endSessionUrl(
          clients,
          kv,
          providerSession,
          `${options.publicUrl.replace(/\/+$/, '')}${paths.login}`,
        )
      : null
    return { endSessionUrl: url }
  })
}

/**
 * Marks a logout of a provider's sign-in, so that the login page the app shows next ends the provider's
 * session too (RP-initiated logout): the logout itself is auth's route, answered before the provider is asked.
 * Registered on the root, where auth's proxied logout passes.
 */
export function markProviderSignOuts(app: FastifyInstance, secure: boolean): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method === 'POST' &&
      request.routeRule?.path === api.logout.path &&
      reply.statusCode < 400 &&
      request.cookies[PROVIDER_SESSION_COOKIE]
    )
      reply.setCookie(PROVIDER_SIGN_OUT_COOKIE, '1', { ...cookieOptions(secure), maxAge: 10 * 60 })
    done(null, payload)
  })
}
