import { envKeysOf, envSchemaOf, nodeComponents, requiredEnvKeysOf } from './workspace.ts'

// What every deployment (docker-compose.yml, the chart, k8s/) must hand each process: every variable its zod
// configuration reads, except the few listed here, which a deployment may leave to their defaults. A variable
// added to a `config.ts` therefore fails e2e/test/deployment until it is wired into all three, or listed here
// with the reason it may stay unset. A variable the schema cannot do without can never be listed.

const RELAXED_REDIS =
  'optional: without it the relaxed keys share the Redis of REDIS_URL (decision 020); docker-compose sets it, ' +
  'and the chart leaves a second Redis to the operator (extraEnvVars)'

/** Per process: variables a deployment may leave unset, and why the default is right there. */
export const LEFT_TO_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  gateway: {
    WEB_ROOT: 'the web container serves the SPA; the gateway serves only /api',
    NODE_ENV: 'production, the default; development would open the API documentation to anyone',
    DATA_DIR: 'read only by the embedded key-value store, and REDIS_URL is always set',
    UPSTREAM_TIMEOUT_MS: 'a tuning value (30 s); extraEnvVars or a compose override sets it',
    ADMIN_EMAIL:
      'only the fallback of SUPPORT_EMAIL, which the chart already derives from secrets.adminEmail',
    REDIS_RELAXED_URL: RELAXED_REDIS,
    OIDC_CLIENT_SECRETS_FILE:
      'the chart and k8s/ hand the client secrets over as OIDC_CLIENT_SECRETS from the Secret; the file is for compose',
  },
  auth: {
    REDIS_RELAXED_URL: RELAXED_REDIS,
    NODE_ENV: 'production, the default; development would put reset links in forgot-password answers',
  },
  profiles: { REDIS_RELAXED_URL: RELAXED_REDIS },
  sharing: { REDIS_RELAXED_URL: RELAXED_REDIS },
  questions: { REDIS_RELAXED_URL: RELAXED_REDIS },
  import: {
    REDIS_RELAXED_URL: RELAXED_REDIS,
    IMPORT_BATCH_SIZE: 'a tuning value (100 rows per call); extraEnvVars or a compose override sets it',
    IMPORT_BATCHES_IN_FLIGHT: 'a tuning value (2 batches); extraEnvVars or a compose override sets it',
  },
  advice: {
    REDIS_RELAXED_URL: RELAXED_REDIS,
    AI_TIMEOUT_MS: 'a tuning value (60 s); extraEnvVars or a compose override sets it',
    AI_MAX_TOKENS: 'a tuning value (900); extraEnvVars or a compose override sets it',
    AI_RATE_LIMIT: 'a tuning value (30 questions); extraEnvVars or a compose override sets it',
    AI_RATE_WINDOW_SECONDS: 'a tuning value (300 s); extraEnvVars or a compose override sets it',
    AI_STREAM_PACE_MS: 'a tuning value (40 ms, decision 029); extraEnvVars or a compose override sets it',
  },
}

export interface ConfigurationOf {
  /** Every variable the process's schema reads. */
  known: string[]
  /** Those it cannot start without. */
  required: string[]
  /** Those a deployment must set: every known one but LEFT_TO_DEFAULTS. */
  expected: string[]
}

export async function configurationOf(name: string): Promise<ConfigurationOf> {
  const schema = await envSchemaOf(name)
  const known = envKeysOf(schema)
  const leftOut = LEFT_TO_DEFAULTS[name] ?? {}
  return {
    known,
    required: requiredEnvKeysOf(schema),
    expected: known.filter((key) => !(key in leftOut)),
  }
}

/** The variables of a process's configuration that one deployment of it does not set. */
export async function unsetVariables(name: string, provided: Iterable<string>): Promise<string[]> {
  const given = new Set(provided)
  return (await configurationOf(name)).expected.filter((key) => !given.has(key)).sort()
}

/** Entries of LEFT_TO_DEFAULTS that are wrong: a process that does not exist, a variable it does not read or needs. */
export async function leftToDefaultsProblems(): Promise<string[]> {
  const problems: string[] = []
  for (const [name, variables] of Object.entries(LEFT_TO_DEFAULTS)) {
    if (!nodeComponents.includes(name)) {
      problems.push(`${name}: not a process of the workspace`)
      continue
    }
    const { known, required } = await configurationOf(name)
    for (const variable of Object.keys(variables)) {
      if (!known.includes(variable)) problems.push(`${name} ${variable}: not read by its configuration`)
      if (required.includes(variable)) problems.push(`${name} ${variable}: required by its configuration`)
    }
  }
  return problems
}
