import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  commandAvailable,
  describeIssues,
  envKeysOf,
  envSchemaOf,
  expectedKeys,
  fakeKeys,
  fakeSecrets,
  healthPath,
  isRecord,
  keyVariablesOf,
  nodeComponents,
  packageFolder,
  parseYaml,
  read,
  root,
  serviceNames,
  signers,
  upstreamsOf,
} from './workspace.ts'

const composeText = read('docker-compose.yml')
const compose = parseYaml(composeText) as { services: Record<string, Record<string, unknown>> }
const requiredSecrets = [
  'SESSION_SECRET',
  'INVITATION_TOKEN_KEY',
  ...Object.keys(fakeKeys),
  'MONGO_ROOT_PASSWORD',
  'REDIS_PASSWORD',
]
const testEnvironment = Object.fromEntries(requiredSecrets.map((name) => [name, fakeSecrets[name]!]))

/** Compose interpolation (`${A}`, `${A:-default}`, `${A:?message}`, `$$`), as docker-compose applies it. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([^}]+)\}/g, (match, expression?: string) => {
    if (match === '$$') return '$'
    const colon = expression!.indexOf(':')
    const name = colon === -1 ? expression! : expression!.slice(0, colon)
    const kind = colon === -1 ? undefined : expression![colon + 1]
    const rest = colon === -1 ? '' : expression!.slice(colon + 2)
    const set = variables[name]
    if (set !== undefined && set !== '') return set
    if (kind === '?') throw new Error(`${name} is required: ${rest}`)
    return kind === '-' ? rest : ''
  })
}

function environmentOf(service: string, variables = testEnvironment): Record<string, string> {
  const environment = compose.services[service]?.environment
  if (!isRecord(environment)) throw new Error(`compose service ${service} has no environment map`)
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, interpolate(String(value), variables)]),
  )
}

const dockerCompose = commandAvailable('docker-compose', ['version'])
if (!dockerCompose)
  console.warn(
    'docker-compose is not installed (Debian package docker-compose): skipping `docker-compose config`',
  )

describe.skipIf(!dockerCompose)('docker-compose config', () => {
  const directory = mkdtempSync(join(tmpdir(), 'compose-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  // A clean environment, so that neither the shell nor a developer's .env decides the outcome.
  function config(variables: Record<string, string>, quiet = true) {
    // Named after its variables (hashed: the list outgrows a file name), so that each set has its own file.
    const names = Object.keys(variables).join('-') || 'empty'
    const envFile = join(directory, `${createHash('sha256').update(names).digest('hex').slice(0, 16)}.env`)
    writeFileSync(
      envFile,
      Object.entries(variables)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(''),
    )
    return spawnSync(
      'docker-compose',
      [
        '--project-directory',
        root,
        '--file',
        join(root, 'docker-compose.yml'),
        '--env-file',
        envFile,
        'config',
        ...(quiet ? ['-q'] : []),
      ],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: directory },
        encoding: 'utf8',
      },
    )
  }

  it('accepts the compose file once the required secrets are set', () => {
    const result = config(testEnvironment)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  // The keys travel as one line with `\n` escapes (.env.example): what docker-compose hands each container
  // must still be accepted by the process's own schema, with exactly its keys.
  it('hands each process the keys of the .env file, one-line PEM included, as its schema accepts them', async () => {
    const result = config(testEnvironment, false)
    expect(result.status, result.stderr).toBe(0)
    const rendered = parseYaml(result.stdout) as { services: Record<string, { environment?: unknown }> }
    for (const name of nodeComponents) {
      const environment = rendered.services[name]?.environment
      if (!isRecord(environment)) throw new Error(`docker-compose config gives ${name} no environment map`)
      const values = Object.fromEntries(
        Object.entries(environment)
          .filter(([, value]) => value !== null && value !== '')
          .map(([key, value]) => [key, String(value)]),
      )
      const parsed = (await envSchemaOf(name)).safeParse(values)
      expect(describeIssues(parsed), name).toBe('')
      expect(keyVariablesOf(values), name).toEqual(expectedKeys(name))
    }
  })

  it.each(requiredSecrets)('refuses to start without %s and names it', (missing) => {
    const result = config(
      Object.fromEntries(Object.entries(testEnvironment).filter(([key]) => key !== missing)),
    )
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(`${missing} is required`)
  })
})

describe('docker-compose.yml', () => {
  it('runs MongoDB 7, Kafka in KRaft mode and Redis 7, each with a health check', () => {
    expect(compose.services.mongo?.image).toMatch(/^mongo:7/)
    expect(compose.services.redis?.image).toMatch(/^redis:7/)
    expect(compose.services.kafka?.image).toMatch(/kafka/)
    expect(environmentOf('kafka').KAFKA_PROCESS_ROLES).toBe('broker,controller')
    for (const name of ['mongo', 'redis', 'redis-relaxed', 'kafka'])
      expect(compose.services[name]?.healthcheck).toHaveProperty('test')
  })

  it('syncs every write of the revocations Redis, and once a second those of the relaxed keys (decision 020)', () => {
    const fsyncOf = (name: string) => {
      const command = compose.services[name]?.command as string[]
      return command[command.indexOf('--appendfsync') + 1]
    }
    expect(fsyncOf('redis')).toBe('always')
    expect(fsyncOf('redis-relaxed')).toBe('everysec')
    for (const name of nodeComponents)
      expect(new URL(environmentOf(name).REDIS_RELAXED_URL!).host, name).toBe('redis-relaxed:6379')
  })

  it.each(nodeComponents)(
    'builds %s from the root Dockerfile with its package folder, port and health path, and checks that path',
    (name) => {
      const service = compose.services[name]
      const health = healthPath(name)
      expect(service?.build).toEqual({
        context: '.',
        args: {
          SERVICE_DIR: packageFolder(name),
          PORT: Number(environmentOf(name).PORT),
          // The image checks /health unless told otherwise.
          ...(health === '/health' ? {} : { HEALTH_PATH: health }),
        },
      })
      expect(JSON.stringify((service?.healthcheck as { test: unknown }).test)).toContain(`'${health}'`)
    },
  )

  it.each(nodeComponents)(
    'gives %s an environment its own configuration schema accepts, with no unknown names',
    async (name) => {
      const schema = await envSchemaOf(name)
      const environment = environmentOf(name)
      const result = schema.safeParse(
        Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
      )
      expect(describeIssues(result)).toBe('')
      expect(result.success).toBe(true)
      const known = envKeysOf(schema)
      expect(Object.keys(environment).filter((key) => !known.includes(key))).toEqual([])
    },
  )

  it.each(serviceNames)('connects %s to the networked adapters and its own database', (name) => {
    const environment = environmentOf(name)
    for (const key of ['PORT', 'HOST', 'DATA_DIR', 'MONGO_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'LOG_LEVEL']) {
      expect(environment, key).toHaveProperty(key)
    }
    expect(environment.HOST).toBe('0.0.0.0')
    expect(new URL(environment.MONGO_URL!).pathname).toBe(`/${name}`)
    expect(compose.services[name]?.depends_on).toMatchObject({
      mongo: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'redis-relaxed': { condition: 'service_healthy' },
      kafka: { condition: 'service_healthy' },
    })
  })

  it.each(nodeComponents)(
    'gives %s exactly its own keys from the .env file (docs/architecture.md, Identity)',
    (name) => {
      expect(keyVariablesOf(environmentOf(name))).toEqual(expectedKeys(name))
    },
  )

  it('gives the gateway private key to the gateway alone, and each service private key to its owner alone', () => {
    for (const name of nodeComponents) {
      const held = Object.values(keyVariablesOf(environmentOf(name))).filter((secret) =>
        secret.endsWith('_PRIVATE_KEY'),
      )
      if (name !== 'gateway') expect(held, name).not.toContain('GATEWAY_PRIVATE_KEY')
      expect(held, name).toEqual(signers.includes(name as never) ? [`${name.toUpperCase()}_PRIVATE_KEY`] : [])
    }
    const withServiceKey = nodeComponents.filter((name) => 'SERVICE_PRIVATE_KEY' in environmentOf(name))
    expect(withServiceKey.sort()).toEqual(signers.filter((signer) => signer !== 'gateway').sort())
  })

  it.each(serviceNames)('gives %s the address of each service it calls, and of no other', (name) => {
    const environment = environmentOf(name)
    const urls = Object.keys(environment).filter((key) => key.endsWith('_SERVICE_URL'))
    expect(urls.sort()).toEqual(
      upstreamsOf(name)
        .map((target) => `${target.toUpperCase()}_SERVICE_URL`)
        .sort(),
    )
    for (const target of upstreamsOf(name)) {
      const url = new URL(environment[`${target.toUpperCase()}_SERVICE_URL`]!)
      expect(url.hostname).toBe(target)
      expect(url.port).toBe(String(environmentOf(target).PORT))
    }
  })

  it('points the gateway at every service and waits for all of them to be healthy', () => {
    const environment = environmentOf('gateway')
    for (const name of serviceNames) {
      const url = new URL(environment[`${name.toUpperCase()}_SERVICE_URL`]!)
      expect(url.hostname).toBe(name)
      expect(url.port).toBe(String(environmentOf(name).PORT))
      expect(compose.services.gateway?.depends_on).toHaveProperty([name, 'condition'], 'service_healthy')
    }
    expect(environment.WEB_ROOT).toBeUndefined()
  })

  it('publishes only the web server, on 8080, in front of a healthy gateway', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports !== undefined)
    expect(published.map(([name]) => name)).toEqual(['web'])
    expect(interpolate(String((compose.services.web?.ports as string[])[0]), {})).toBe('8080:8080')
    expect(compose.services.web?.depends_on).toEqual({ gateway: { condition: 'service_healthy' } })
  })

  it("believes forwarded addresses only from the web server's own network (decision 026)", () => {
    const edge = (compose as unknown as { networks: Record<string, { ipam?: { config?: unknown[] } }> })
      .networks.edge
    const subnet = interpolate(String((edge?.ipam?.config?.[0] as { subnet?: unknown })?.subnet), {})
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/(2[4-9]|3[0-2])$/)
    expect(environmentOf('gateway').TRUSTED_PROXIES).toBe(subnet)
    expect(environmentOf('gateway', { ...testEnvironment, EDGE_SUBNET: '10.9.8.0/24' }).TRUSTED_PROXIES).toBe(
      '10.9.8.0/24',
    )
    expect(compose.services.web?.networks).toEqual(['edge'])
  })

  it.each([...nodeComponents, 'web'])('runs %s read-only with every capability dropped', (name) => {
    const service = compose.services[name]
    expect(service?.read_only).toBe(true)
    expect(service?.cap_drop).toEqual(['ALL'])
    expect(service?.security_opt).toContain('no-new-privileges:true')
    const writable = [
      ...((service?.tmpfs as string[] | undefined) ?? []),
      ...((service?.volumes as string[] | undefined) ?? []).map((volume) => volume.split(':')[1]),
    ]
    expect(writable).toContain('/tmp')
    if (serviceNames.includes(name)) expect(writable).toContain(environmentOf(name).DATA_DIR)
  })

  it('takes every secret from the environment file, never from the compose file itself', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!isRecord(service.environment)) continue
      for (const [key, value] of Object.entries(service.environment)) {
        if (/SECRET|PASSWORD(?!_FORMAT)|API_KEY|TOKEN_KEY|_PRIVATE_KEY|_PUBLIC_KEY/.test(key))
          expect(String(value), `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:[?-]/)
      }
    }
  })

  it('documents every variable it reads in .env.example, with no secret filled in', () => {
    const example = read('.env.example')
    const documented = new Map(
      [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
    )
    const used = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!))
    expect([...used].filter((name) => !documented.has(name))).toEqual([])
    for (const [name, value] of documented)
      if (/SECRET|PASSWORD(?!_FORMAT)|API_KEY|TOKEN_KEY|_PRIVATE_KEY|_PUBLIC_KEY/.test(name))
        expect(value, name).toBe('')
    expect(example).not.toMatch(/INTERNAL_TOKEN_SECRET/)
  })
})

describe('docker-compose.yml start order and restarts', () => {
  it('gives every container a restart policy, and every dependency a health condition', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, name).toMatch(/^(always|unless-stopped|on-failure)/)
      const dependsOn = service.depends_on
      if (['mongo', 'redis', 'redis-relaxed', 'kafka'].includes(name)) continue
      expect(isRecord(dependsOn), `${name} depends_on with conditions`).toBe(true)
      for (const [dependency, condition] of Object.entries(dependsOn as Record<string, unknown>)) {
        expect(condition, `${name} → ${dependency}`).toEqual({ condition: 'service_healthy' })
        expect(compose.services[dependency]?.healthcheck, dependency).toHaveProperty('test')
      }
    }
  })

  // A one-node replica set is needed only for MongoDB transactions; no service starts one, so MongoDB runs alone.
  it('runs MongoDB as a replica set exactly when a service uses transactions', () => {
    const sources = ['gateway/src', ...serviceNames.map((name) => `services/${name}/src`), 'packages/kit/src']
    const grep = spawnSync('grep', ['-rlE', 'startSession|withTransaction|startTransaction', ...sources], {
      cwd: root,
      encoding: 'utf8',
    })
    const usesTransactions = grep.stdout.trim() !== ''
    expect(JSON.stringify(compose.services.mongo).includes('--replSet')).toBe(usesTransactions)
  })
})
