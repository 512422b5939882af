import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { generateIdentityKeyPair } from '@app/kit/identity'
import {
  calledBy,
  callsOf,
  EVENT_PUBLISHERS,
  INTERNAL_CALLS,
  publishersHeardBy,
  type Caller,
  type ServiceName,
} from '@app/kit/services'

/** What the deployment tests know about the repository they check. */
export const root = resolve(import.meta.dirname, '../../..')

export const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The backend services, found in the workspace rather than listed, so that a new service needs its deployment. */
export const serviceNames = readdirSync(join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'services', entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort()

/** Every process with its own image: the gateway, then the services. */
export const nodeComponents = ['gateway', ...serviceNames]

export const packageFolder = (name: string) => (name === 'gateway' ? 'gateway' : `services/${name}`)

export const healthPath = (name: string) => (name === 'gateway' ? '/api/health' : '/health')

type ParseResult = {
  success: boolean
  data?: Record<string, unknown>
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
}
export interface EnvSchema {
  safeParse(input: unknown): ParseResult
}

/** The zod schema a process parses its environment with (`src/config.ts`, exported as `<name>EnvSchema`). */
export async function envSchemaOf(name: string): Promise<EnvSchema> {
  const module = (await import(`@app/${name}/config`)) as Record<string, unknown>
  const schema = module[`${name}EnvSchema`]
  if (!schema || typeof (schema as EnvSchema).safeParse !== 'function') {
    throw new Error(`@app/${name}/config does not export ${name}EnvSchema`)
  }
  return schema as EnvSchema
}

/** The fields of a schema: an object's shape, or that of the input side of a transformed object. */
function shapeOf(schema: EnvSchema): Record<string, unknown> {
  const shaped = schema as unknown as { shape?: Record<string, unknown>; in?: EnvSchema }
  if (shaped.shape) return shaped.shape
  if (shaped.in) return shapeOf(shaped.in)
  throw new Error('The environment schema is neither an object nor a transformed object')
}

/** The variable names a schema knows. */
export const envKeysOf = (schema: EnvSchema): string[] => Object.keys(shapeOf(schema))

/** The variables a schema cannot do without: those whose field refuses to be unset (no default, not optional). */
export const requiredEnvKeysOf = (schema: EnvSchema): string[] =>
  Object.entries(shapeOf(schema))
    .filter(([, field]) => !(field as EnvSchema).safeParse(undefined).success)
    .map(([key]) => key)

export function describeIssues(result: ParseResult): string {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
}

/**
 * Who signs: the gateway for users, each service that calls another (INTERNAL_CALLS) and each that publishes
 * events (EVENT_PUBLISHERS, decision 021).
 */
export const signers: Caller[] = [
  'gateway',
  ...(['auth', 'profiles', 'sharing', 'questions', 'import', 'advice'] as const).filter(
    (service) => service in INTERNAL_CALLS || service in EVENT_PUBLISHERS,
  ),
]

/** A PEM on one line with `\n` escapes, as an env file (compose's .env, kustomize's secrets.env) carries it. */
const oneLine = (pem: string) => pem.trim().replaceAll('\n', String.raw`\n`)

/** A fresh Ed25519 pair per signer, as `<SIGNER>_PRIVATE_KEY` and `<SIGNER>_PUBLIC_KEY`: each value is unique. */
export const fakeKeys: Record<string, string> = Object.fromEntries(
  signers.flatMap((signer) => {
    const pair = generateIdentityKeyPair()
    return [
      [`${signer.toUpperCase()}_PRIVATE_KEY`, oneLine(pair.privateKey)],
      [`${signer.toUpperCase()}_PUBLIC_KEY`, oneLine(pair.publicKey)],
    ]
  }),
)

/** Values that satisfy every secret rule of the configuration (32+ characters, Ed25519 keys in PEM). */
export const fakeSecrets: Record<string, string> = {
  SESSION_SECRET: 's'.repeat(40),
  INVITATION_TOKEN_KEY: 'i'.repeat(43),
  ...fakeKeys,
  MONGO_ROOT_PASSWORD: 'mongopassword',
  MONGO_USERNAME: 'app',
  MONGO_PASSWORD: 'mongopassword',
  REDIS_PASSWORD: 'redispassword',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'administrator-password',
  SMTP_URL: 'smtp://mail.example.com:587',
  OPENAI_API_KEY: 'sk-test',
}

/**
 * The key variables a process must receive, each with the name of the secret that fills it (docs/architecture.md):
 * the gateway its own private key; a service the gateway's public key, the public key of each service that
 * calls it or publishes events it consumes, and, when it calls others or publishes, its own private key as
 * SERVICE_PRIVATE_KEY. Nothing else.
 */
export function expectedKeys(name: string): Record<string, string> {
  if (name === 'gateway') return { GATEWAY_PRIVATE_KEY: 'GATEWAY_PRIVATE_KEY' }
  const service = name as ServiceName
  return {
    GATEWAY_PUBLIC_KEY: 'GATEWAY_PUBLIC_KEY',
    ...Object.fromEntries(
      [...calledBy(service), ...publishersHeardBy(service)].map((holder) => [
        `${holder.toUpperCase()}_PUBLIC_KEY`,
        `${holder.toUpperCase()}_PUBLIC_KEY`,
      ]),
    ),
    ...(signers.includes(service) ? { SERVICE_PRIVATE_KEY: `${name.toUpperCase()}_PRIVATE_KEY` } : {}),
  }
}

/** The services a process calls directly, and so needs `<NAME>_SERVICE_URL` for: every one for the gateway. */
export const upstreamsOf = (name: string): readonly string[] =>
  name === 'gateway' ? serviceNames : callsOf(name as ServiceName)

/** Variables of an environment that hold a key: by name, or by carrying any known key's value. */
export function keyVariablesOf(environment: Record<string, string | undefined>): Record<string, string> {
  const known = new Map(Object.entries(fakeKeys).map(([secret, value]) => [value, secret]))
  return Object.fromEntries(
    Object.entries(environment).flatMap(([variable, value]) => {
      const secret = value === undefined ? undefined : known.get(value)
      if (secret) return [[variable, secret]]
      return /_(?:PRIVATE|PUBLIC)_KEY$/.test(variable) ? [[variable, `(not a key: ${value ?? 'unset'})`]] : []
    }),
  )
}

/** The port a process listens on when PORT is unset: the default of its schema's PORT. */
export async function defaultPortOf(name: string): Promise<number> {
  const port = shapeOf(await envSchemaOf(name)).PORT as EnvSchema | undefined
  const result = port?.safeParse(undefined)
  if (!result?.success) throw new Error(`${name}: PORT has no default`)
  return Number(result.data)
}

export const parseYaml = (text: string): unknown => parse(text, { merge: true })

/** The build arguments docker-compose gives a process: the root Dockerfile builds every node process. */
export function buildArgumentsOf(name: string): Record<string, string> {
  const compose = parseYaml(read('docker-compose.yml')) as {
    services: Record<string, { build?: { args?: Record<string, unknown> } }>
  }
  const args = compose.services[name]?.build?.args ?? {}
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, String(value)]))
}

export const parseYamlDocuments = (text: string): unknown[] =>
  parseAllDocuments(text)
    .map((document) => document.toJS() as unknown)
    .filter((document) => document !== null && document !== undefined)

/** Whether a command runs here; the deployment tools are Debian packages that CI installs. */
export function commandAvailable(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' })
  return !result.error && result.status === 0
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
