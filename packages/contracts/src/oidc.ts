import { z } from 'zod'
import { ROLES } from '@app/domain/roles'

/** A provider as the login page shows it: what to call it and where its button starts. */
export const OidcProviderButtonSchema = z.object({
  id: z.string(),
  name: z.string(),
})
export type OidcProviderButton = z.infer<typeof OidcProviderButtonSchema>

/** `GET /api/auth/oidc/providers`: the login page's buttons, and the domains whose password form is off. */
export const OidcLoginOptionsSchema = z.object({
  providers: z.array(OidcProviderButtonSchema),
  /** Addresses in these domains sign in with their provider only: the password form is not for them. */
  passwordOffDomains: z.array(z.string()),
  /** Every provider turned the password form off for its domains: the login page shows only the buttons. */
  passwordFormHidden: z.boolean(),
  /**
   * This browser just logged out of a provider's sign-in: the login page asks `POST /api/auth/oidc/logout`
   * where to end the provider's session too.
   */
  providerSignOut: z.boolean(),
})
export type OidcLoginOptions = z.infer<typeof OidcLoginOptionsSchema>

/** One provider as the administrators' settings page shows it: everything but the client secret. */
export const OidcProviderSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Where the secret comes from (an environment variable's or a file's name), never the secret. */
  clientSecretSource: z.string(),
  emailDomains: z.array(z.string()),
  adminClaim: z.string().nullable(),
  adminValue: z.string().nullable(),
  passwordLogin: z.boolean(),
  redirectUri: z.string(),
})
export type OidcProviderSettings = z.infer<typeof OidcProviderSettingsSchema>
export const OidcSettingsSchema = z.object({ providers: z.array(OidcProviderSettingsSchema) })
export type OidcSettings = z.infer<typeof OidcSettingsSchema>

export const OidcProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) })
export const OidcStartQuerySchema = z.object({ returnTo: z.string().max(2048).optional() })
/**
 * What a provider sends back to the callback. Its values are checked by openid-client against what the
 * sign-in started with; here only their size is bounded.
 */
export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
})
/** `POST /api/auth/oidc/logout`: where the browser goes to end the provider's session too, if anywhere. */
export const OidcLogoutSchema = z.object({ endSessionUrl: z.string().nullable() })

/**
 * Internal (gateway → auth): the person a provider vouched for. The gateway has checked the ID token, that
 * the e-mail is verified and in an allowed domain, and whether the administrator claim is present.
 */
export const OidcAccountRequestSchema = z.object({
  provider: z.string().min(1).max(32),
  email: z.email().max(320),
  emailVerified: z.literal(true),
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  administrator: z.boolean(),
})
export type OidcAccountRequest = z.infer<typeof OidcAccountRequestSchema>
export const OidcAccountResponseSchema = z.object({
  user: z.object({
    id: z.number().int().positive(),
    role: z.enum(ROLES),
    username: z.string(),
  }),
  created: z.boolean(),
})
export type OidcAccountResponse = z.infer<typeof OidcAccountResponseSchema>
