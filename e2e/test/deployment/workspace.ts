import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'

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

export function describeIssues(result: ParseResult): string {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
}

/** Values that satisfy every secret rule of the configuration (32+ characters). */
export const fakeSecrets: Record<string, string> = {
  SESSION_SECRET: 's'.repeat(40),
  INTERNAL_TOKEN_SECRET: 'i'.repeat(40),
  MONGO_ROOT_PASSWORD: 'mongopassword',
  MONGO_USERNAME: 'app',
  MONGO_PASSWORD: 'mongopassword',
  REDIS_PASSWORD: 'redispassword',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'administrator-password',
  SMTP_URL: 'smtp://mail.example.com:587',
  OPENAI_API_KEY: 'sk-test',
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
