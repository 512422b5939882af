import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { isAccountEmail } from '@app/domain/email'

/** Loopback hosts, the only ones an issuer may be reached on over plain http (tests, a local provider). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname)
}

// A domain is valid where an address in it would be: the account e-mail rule, written without a regex.
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((domain) => isAccountEmail(`a@${domain}`), 'must be a domain such as example.com')

/**
 * One OpenID Connect provider of the tenant (docs/decisions/062-openid-connect-sign-in.md). The client
 * secret is not here: it comes from OIDC_CLIENT_SECRETS or OIDC_CLIENT_SECRETS_FILE, kept in a Secret.
 */
export const oidcProviderSchema = z.strictObject({
  /** In the callback's path: lower-case letters, digits and hyphens. */
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1 to 32 lower-case letters, digits or hyphens'),
  /** What the login page's button says after 'Sign in with'. */
  name: z.string().trim().min(1).max(60),
  issuer: z
    .url()
    .refine(
      (url) => url.startsWith('https://') || (url.startsWith('http://') && isLoopbackUrl(url)),
      'must be an https:// URL (http:// only on loopback)',
    ),
  clientId: z.string().min(1).max(256),
  /** Only addresses in these domains may sign in with this provider (first sign-in or linking). */
  emailDomains: z.array(domainSchema).min(1, 'must list at least one domain'),
  /** The claim that makes someone an administrator (`groups`, `roles`, or a boolean claim). */
  adminClaim: z.string().min(1).max(100).optional(),
  /** The value the claim must hold or contain; absent, the claim must be `true`. */
  adminValue: z.string().min(1).max(200).optional(),
  /** False turns the password form off for the provider's domains: those people sign in with it only. */
  passwordLogin: z.boolean().default(true),
})
export type OidcProviderInput = z.infer<typeof oidcProviderSchema>
export type OidcProvider = OidcProviderInput & { clientSecret: string; clientSecretSource: string }

const jsonText = (what: string) =>
  z.string().transform((text, context): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      // Never the text itself: it may hold a secret.
      context.addIssue({ code: 'custom', message: `must be ${what} in JSON` })
      return z.NEVER
    }
  })

export const oidcProvidersSchema = jsonText('an array of providers')
  .pipe(z.array(oidcProviderSchema).max(20))
  .refine((providers) => new Set(providers.map((provider) => provider.id)).size === providers.length, {
    message: 'must give each provider its own id',
  })
  .optional()

const secretsSchema = z.record(z.string(), z.string().min(1, 'must not be empty'))
export const oidcSecretsSchema = jsonText('an object of provider id → client secret').pipe(secretsSchema)

/** The environment keys of the OpenID Connect providers, part of the gateway's config. */
export const oidcEnvShape = {
  /** JSON array of providers (oidcProviderSchema); unset, there is no OpenID Connect sign-in. */
  OIDC_PROVIDERS: oidcProvidersSchema,
  /** JSON object: provider id → client secret. */
  OIDC_CLIENT_SECRETS: oidcSecretsSchema.optional(),
  /** A file holding that JSON object (a mounted Secret); read at start-up. */
  OIDC_CLIENT_SECRETS_FILE: z.string().optional(),
}

type OidcEnv = {
  OIDC_PROVIDERS?: OidcProviderInput[] | undefined
  OIDC_CLIENT_SECRETS?: Record<string, string> | undefined
  OIDC_CLIENT_SECRETS_FILE?: string | undefined
}

/** The secrets from the file, or the problem of reading them (never its content). */
function secretsFromFile(path: string): { secrets?: Record<string, string>; problem?: string } {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return { problem: 'cannot be read' }
  }
  const parsed = oidcSecretsSchema.safeParse(text.trim())
  return parsed.success
    ? { secrets: parsed.data }
    : { problem: 'must hold a JSON object of provider id → client secret' }
}

/** Adds an issue for every provider without its secret; used in the gateway config's superRefine. */
export function checkOidcSecrets(config: OidcEnv, context: z.RefinementCtx): void {
  const providers = config.OIDC_PROVIDERS ?? []
  if (providers.length === 0) return
  const { secrets, problem } = resolveSecrets(config)
  if (problem) {
    context.addIssue({ code: 'custom', path: ['OIDC_CLIENT_SECRETS_FILE'], message: problem })
    return
  }
  for (const provider of providers) {
    if (!secrets[provider.id])
      context.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_SECRETS'],
        message: `has no client secret for provider '${provider.id}' (set OIDC_CLIENT_SECRETS or OIDC_CLIENT_SECRETS_FILE)`,
      })
  }
}

function resolveSecrets(config: OidcEnv): {
  secrets: Record<string, string>
  source: string
  problem?: string
} {
  if (config.OIDC_CLIENT_SECRETS_FILE) {
    const { secrets = {}, problem } = secretsFromFile(config.OIDC_CLIENT_SECRETS_FILE)
    return { secrets, source: `file ${config.OIDC_CLIENT_SECRETS_FILE}`, ...(problem ? { problem } : {}) }
  }
  return { secrets: config.OIDC_CLIENT_SECRETS ?? {}, source: 'OIDC_CLIENT_SECRETS' }
}

/** The providers with their secrets, once the config has passed checkOidcSecrets. */
export function oidcProvidersOf(config: OidcEnv): OidcProvider[] {
  const providers = config.OIDC_PROVIDERS ?? []
  if (providers.length === 0) return []
  const { secrets, source } = resolveSecrets(config)
  return providers.map((provider) => ({
    ...provider,
    clientSecret: secrets[provider.id]!,
    clientSecretSource: source,
  }))
}
