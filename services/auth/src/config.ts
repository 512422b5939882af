import { z } from 'zod'
import { mailEnv, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

/**
 * OIDC_PROVIDERS as auth reads it: the e-mail domains whose password sign-in a provider turned off
 * (`passwordLogin: false`, decision 062). The gateway validates the rest of each provider.
 */
export const passwordOffDomainsSchema = z
  .string()
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      context.addIssue({ code: 'custom', message: 'must be an array of providers in JSON' })
      return z.NEVER
    }
  })
  .pipe(z.array(z.looseObject({ emailDomains: z.array(z.string()), passwordLogin: z.boolean().optional() })))
  .transform((providers) =>
    providers
      .filter((provider) => provider.passwordLogin === false)
      .flatMap((provider) => provider.emailDomains.map((domain) => domain.trim().toLowerCase())),
  )

export const authEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4001),
  ...internalCallEnv('auth'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ...mailEnv,
  /** Days an audit record is kept before it is pruned (docs/decisions/059-audit-log.md). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Read for its domains without password sign-in only (passwordOffDomainsSchema). */
  OIDC_PROVIDERS: passwordOffDomainsSchema.default([]),
})
export type AuthEnv = z.output<typeof authEnvSchema>
