import { z } from 'zod'
import { isEd25519Key, normalisePem } from './identity.ts'
import { callsOf, publicKeysHeldBy, signsWithOwnKey, upperName, type ServiceName } from './services.ts'

export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

/** Parses the environment once; throws ConfigError naming every bad key, never echoing their values. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Readonly<Record<string, unknown>> = process.env,
): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = schema.safeParse(cleaned)
  if (result.success) return result.data
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
  )
}

/** For server.ts: parse or print the problems and stop. */
export function loadConfigOrExit<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  try {
    return parseConfig(schema, env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
}

const secret = z.string().min(32, 'must be at least 32 characters')
const port = z.coerce.number().int().min(0).max(65_535)
const url = z.url()
const redisUrl = z
  .string()
  .regex(/^rediss?:\/\//, 'must be a redis:// URL')
  .optional()
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')
const ed25519Key = (kind: 'private' | 'public') =>
  z
    .string()
    .transform(normalisePem)
    .refine((pem) => isEd25519Key(pem, kind), `must be an Ed25519 ${kind} key in PEM`)

export const env = {
  secret,
  port,
  url,
  redisUrl,
  logLevel,
  privateKey: ed25519Key('private'),
  publicKey: ed25519Key('public'),
}

/** The mail settings of the services that send e-mail (auth's reset links, sharing's invitations). */
export const mailEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Prevue DISC Insights <no-reply@localhost>'),
  /** Where links in e-mails lead: the gateway's address as users reach it. */
  PUBLIC_URL: url.default('http://localhost:8080'),
}

/** The variables every service reads (docs/architecture.md, Configuration). */
export const serviceEnvSchema = z.object({
  PORT: port,
  HOST: z.string().default('127.0.0.1'),
  /** Verifies the identities the gateway signs; no service holds the private half. */
  GATEWAY_PUBLIC_KEY: env.publicKey,
  DATA_DIR: z.string().default('./data'),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .optional(),
  REDIS_URL: env.redisUrl,
  /** The Redis of the relaxed keys (kv/index.ts, decision 020); without it they are in REDIS_URL's. */
  REDIS_RELAXED_URL: env.redisUrl,
  KAFKA_BROKERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    )
    .optional(),
  LOG_LEVEL: logLevel,
})
export type ServiceEnv = z.output<typeof serviceEnvSchema>

/**
 * What a service needs for the internal calls of INTERNAL_CALLS and the events of EVENT_PUBLISHERS: the public
 * key of each service that may call it or whose events it consumes, and, when it calls others or publishes,
 * its own private key, and the addresses of what it calls.
 */
export function internalCallEnv(service: ServiceName) {
  const shape: Record<string, z.ZodType> = {}
  for (const holder of publicKeysHeldBy(service))
    if (holder !== 'gateway') shape[`${upperName(holder)}_PUBLIC_KEY`] = env.publicKey
  const targets = callsOf(service)
  if (signsWithOwnKey(service)) shape.SERVICE_PRIVATE_KEY = env.privateKey
  for (const target of targets) shape[`${upperName(target)}_SERVICE_URL`] = url
  return shape as Record<string, z.ZodType<string>>
}
