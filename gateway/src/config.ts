import { isIP } from 'node:net'
import { z } from 'zod'
import { env } from '@app/kit/config'
import { SERVICES, type ServiceName } from '@app/kit/services'
import { clientLogo, DEFAULT_LOGOS, logoLink, logoSource } from './logos.ts'
import { checkOidcSecrets, oidcEnvShape, oidcProvidersOf } from './oidc/config.ts'

export { SERVICES, type ServiceName }

const serviceUrls = Object.fromEntries(
  SERVICES.map((service) => [`${service.toUpperCase()}_SERVICE_URL`, env.url]),
) as Record<`${Uppercase<ServiceName>}_SERVICE_URL`, typeof env.url>

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
)

/** proxy-addr's named ranges, which Fastify's `trustProxy` reads besides addresses and CIDR ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range: anything else fails start-up. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/**
 * Addresses or CIDRs of the proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`); none by
 * default, so the client's address is the socket's. Services get the one address believed (decision 026).
 */
export const trustedProxiesSchema = commaList
  .pipe(
    z.array(
      z.string().refine(isProxyAddress, {
        message: 'must list IP addresses, CIDR ranges or loopback, linklocal, uniquelocal',
      }),
    ),
  )
  .default([])

/** The support address of an install that names neither SUPPORT_EMAIL nor ADMIN_EMAIL: valid, never delivered. */
export const DEFAULT_SUPPORT_EMAIL = 'support@example.com'

export const gatewayEnvSchema = z
  .object({
    PORT: env.port.default(8080),
    HOST: z.string().default('127.0.0.1'),
    SESSION_SECRET: env.secret,
    /** Signs the identity the gateway hands each service; only the gateway holds it (docs/architecture.md). */
    GATEWAY_PRIVATE_KEY: env.privateKey,
    PUBLIC_URL: env.url.optional(),
    REDIS_URL: env.redisUrl,
    /** The rate-limit counters' Redis (decision 020); without it they are in REDIS_URL's. */
    REDIS_RELAXED_URL: env.redisUrl,
    ALLOWED_ORIGINS: commaList.pipe(z.array(z.url())).default([]),
    TRUSTED_PROXIES: trustedProxiesSchema,
    WEB_ROOT: z.string().optional(),
    /** In development the API documentation (/api/docs) is open to anyone. */
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    /** Where the embedded key-value store (revocations) persists when REDIS_URL is unset. */
    DATA_DIR: z.string().default('./data'),
    /** Every API call of one client address, per window. */
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
    /** How long the gateway waits for a service's answer before it gives 504. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    /** Login, forgot-password and reset calls of one client address, per window (auth also limits each account). */
    CREDENTIAL_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
    CREDENTIAL_RATE_LIMIT_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000),
    /**
     * Where 'Request New Assessment' e-mails go; the page opens the mail client without showing it. Checked
     * here at start-up, so the page can trust it; unset, it is the first administrator's ADMIN_EMAIL.
     */
    SUPPORT_EMAIL: z.email().optional(),
    ADMIN_EMAIL: z.email().optional(),
    /** The header's two sister-company logos (logos.ts): source, alt text and optional link of each. */
    LOGO_1_SRC: logoSource.optional(),
    LOGO_1_ALT: z.string().optional(),
    LOGO_1_HREF: logoLink.optional(),
    LOGO_2_SRC: logoSource.optional(),
    LOGO_2_ALT: z.string().optional(),
    LOGO_2_HREF: logoLink.optional(),
    LOG_LEVEL: env.logLevel,
    /** OpenID Connect providers and their secrets (oidc/config.ts, decision 062). */
    ...oidcEnvShape,
    ...serviceUrls,
  })
  .superRefine((config, context) => {
    checkOidcSecrets(config, context)
    for (const n of [1, 2] as const) {
      if (config[`LOGO_${n}_SRC`] && !config[`LOGO_${n}_ALT`]?.trim()) {
        context.addIssue({
          code: 'custom',
          path: [`LOGO_${n}_ALT`],
          message: `is required with LOGO_${n}_SRC`,
        })
      }
    }
  })
  .transform(({ OIDC_CLIENT_SECRETS: _secrets, ...config }) => ({
    ...config,
    // The secrets live only inside the providers, never as a key of the config that a log could print.
    oidcProviders: oidcProvidersOf({ ...config, OIDC_CLIENT_SECRETS: _secrets }),
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    SUPPORT_EMAIL: config.SUPPORT_EMAIL ?? config.ADMIN_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    logos: ([1, 2] as const).map((n, index) => {
      const src = config[`LOGO_${n}_SRC`]
      return src
        ? clientLogo(src, config[`LOGO_${n}_ALT`]!.trim(), config[`LOGO_${n}_HREF`])
        : DEFAULT_LOGOS[index]!
    }),
    serviceUrls: Object.fromEntries(
      SERVICES.map((service) => [
        service,
        config[`${service.toUpperCase() as Uppercase<ServiceName>}_SERVICE_URL`],
      ]),
    ) as Record<ServiceName, string>,
  }))

export type GatewayConfig = z.output<typeof gatewayEnvSchema>
