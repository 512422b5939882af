import {
  OidcCallbackQuerySchema,
  OidcLoginOptionsSchema,
  OidcLogoutSchema,
  OidcProviderParamsSchema,
  OidcSettingsSchema,
  OidcStartQuerySchema,
} from '../oidc.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

/**
 * Signing in with the tenant's OpenID Connect providers (docs/decisions/062-openid-connect-sign-in.md). The
 * gateway answers them itself: it talks to the provider and issues the session cookie.
 */
export const oidcRoutes = {
  oidcProviders: route({
    method: 'GET',
    path: '/api/auth/oidc/providers',
    target: 'gateway',
    access: 'public',
    summary: "The login page's 'Sign in with …' buttons, and whether the password form is off",
    responses: { 200: OidcLoginOptionsSchema },
  }),
  oidcStart: route({
    method: 'GET',
    path: '/api/auth/oidc/:provider/start',
    target: 'gateway',
    access: 'public',
    perAddressLimit: 'credentials',
    summary: "Sends the browser to the provider's sign-in (authorization code with PKCE, state and nonce)",
    params: OidcProviderParamsSchema,
    querystring: OidcStartQuerySchema,
    redirect: true,
    responses: {},
  }),
  oidcCallback: route({
    method: 'GET',
    path: '/api/auth/oidc/:provider/callback',
    target: 'gateway',
    access: 'public',
    perAddressLimit: 'credentials',
    summary: 'Where the provider sends the browser back; a valid answer sets the session cookie',
    params: OidcProviderParamsSchema,
    querystring: OidcCallbackQuerySchema,
    redirect: true,
    responses: {},
  }),
  oidcLogout: route({
    method: 'POST',
    path: '/api/auth/oidc/logout',
    target: 'gateway',
    access: 'public',
    duringPasswordChange: true,
    summary: "After a logout: where to end the provider's session too, when it was a provider's sign-in",
    responses: { 200: OidcLogoutSchema },
  }),
  oidcSettings: route({
    method: 'GET',
    path: '/api/admin/sign-in-providers',
    target: 'gateway',
    access: ADMINISTRATOR,
    summary: 'The configured OpenID Connect providers (never their secrets)',
    responses: { 200: OidcSettingsSchema },
  }),
} satisfies Record<string, ApiRoute>
