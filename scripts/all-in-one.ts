import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { buildApp as buildGateway } from '@app/gateway/app'
import { gatewayEnvSchema, SERVICES, type ServiceName } from '@app/gateway/config'
import { buildApp as buildAuth } from '@app/auth/app'
import { authEnvSchema } from '@app/auth/config'
import { buildApp as buildProfiles } from '@app/profiles/app'
import { profilesEnvSchema } from '@app/profiles/config'
import { buildApp as buildSharing } from '@app/sharing/app'
import { sharingEnvSchema } from '@app/sharing/config'
import { buildApp as buildQuestions } from '@app/questions/app'
import { questionsEnvSchema } from '@app/questions/config'
import { buildApp as buildImport } from '@app/import/app'
import { importEnvSchema } from '@app/import/config'
import { buildApp as buildAdvice } from '@app/advice/app'
import { adviceEnvSchema } from '@app/advice/config'
import { createMemoryEventBus } from '@app/kit/bus/index'
import { ConfigError, parseConfig, type ServiceEnv } from '@app/kit/config'
import { createKeyValueStore } from '@app/kit/kv/index'
import { loggerOptions } from '@app/kit/logger'
import { closeOnSignals, closeServer, internalCallsFromEnv, publisherBus } from '@app/kit/run-service'
import { callsOf, upperName } from '@app/kit/services'
import { createDocumentStore, createProcessedEventLog } from '@app/kit/store/index'
import { lowerHelperThreads } from '@app/kit/thread-priority'
import type { EventBus } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ServiceOptions } from '@app/kit/service'
import { keyEnvironment, localSecrets } from './secrets.ts'

const root = resolve(fileURLToPath(import.meta.url), '../..')

/** What every service of the process shares: the one bus, the one key-value store, the logger settings. */
interface Shared {
  bus: EventBus
  kv: KeyValueStore
  logger: ReturnType<typeof loggerOptions>
}

/**
 * How the runner starts a service: its config parsed by its own schema from `env`, its store under the data
 * folder, then its app. Typed per service here, so the table below needs no casts.
 */
function serviceStarter<Config extends ServiceEnv>(
  name: ServiceName,
  schema: z.ZodType<Config>,
  build: (options: ServiceOptions<Config>) => Promise<FastifyInstance>,
) {
  return async (env: Record<string, string | undefined>, shared: Shared) => {
    const config = parseConfig(schema, env)
    const store = await createDocumentStore({ dataDirectory: config.DATA_DIR, service: name })
    try {
      const app = await build({
        config,
        ...internalCallsFromEnv(name, config),
        store,
        // One trust domain, one bus; still, each publisher signs what it publishes, as in every mode.
        bus: publisherBus(name, shared.bus, config),
        kv: shared.kv,
        logger: { ...shared.logger, name },
      })
      return { app, store }
    } catch (error) {
      await store.close()
      throw error
    }
  }
}

function serviceStarters(announce: AllInOneOptions['announce']) {
  return {
    auth: serviceStarter('auth', authEnvSchema, (options) =>
      buildAuth({ ...options, ...(announce ? { announce } : {}) }),
    ),
    profiles: serviceStarter('profiles', profilesEnvSchema, buildProfiles),
    sharing: serviceStarter('sharing', sharingEnvSchema, buildSharing),
    questions: serviceStarter('questions', questionsEnvSchema, buildQuestions),
    import: serviceStarter('import', importEnvSchema, buildImport),
    advice: serviceStarter('advice', adviceEnvSchema, buildAdvice),
  } satisfies Record<ServiceName, ReturnType<typeof serviceStarter>>
}

export interface AllInOneOptions {
  dataDirectory: string
  port?: number
  host?: string
  env?: Record<string, string | undefined>
  /** The built SPA; null serves the API only. Defaults to web/dist. */
  webRoot?: string | null
  logLevel?: string
  announce?: (text: string) => void
}

/**
 * Run mode 1: every service as a real Fastify instance on loopback, the gateway proxying to them over HTTP
 * as in production, one in-process bus and key-value store shared by all, NeDB files under the data folder.
 */
export async function startAllInOne(options: AllInOneOptions) {
  const env = options.env ?? {}
  const secrets = localSecrets(options.dataDirectory, env)
  const logLevel = options.logLevel ?? env.LOG_LEVEL ?? 'info'
  const logger = loggerOptions(logLevel, 'all-in-one')
  const gatewayPort = options.port ?? Number(env.PORT ?? 8080)
  const shared = {
    // Links in e-mails lead to the gateway's own address unless PUBLIC_URL says otherwise.
    ...(gatewayPort > 0 ? { PUBLIC_URL: `http://localhost:${gatewayPort}` } : {}),
    ...env,
    DATA_DIR: options.dataDirectory,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: logLevel,
  }

  // One in-process bus for all services; it records handled event ids in a store of its own.
  const busStore = await createDocumentStore({ dataDirectory: options.dataDirectory, service: 'bus' })
  const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(busStore) })
  // Without Redis the store is kept under the data folder, so revocations survive a restart (decision 008).
  const kv = createKeyValueStore({ redisUrl: env.REDIS_URL, dataDirectory: options.dataDirectory })
  const started: Array<{ name: ServiceName; app: FastifyInstance; close: () => Promise<void> }> = []
  const serviceUrls = {} as Record<ServiceName, string>
  const starters = serviceStarters(options.announce)
  try {
    for (const name of SERVICES) {
      // Services start in an order where everything a service calls is already listening.
      const serviceEnv = {
        ...shared,
        ...keyEnvironment(name, secrets),
        ...Object.fromEntries(
          callsOf(name).map((target) => [`${upperName(target)}_SERVICE_URL`, serviceUrls[target]]),
        ),
      }
      const { app, store } = await starters[name](serviceEnv, { bus, kv, logger })
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      serviceUrls[name] = address
      started.push({
        name,
        app,
        close: async () => {
          await closeServer(app)
          await store.close()
        },
      })
    }
    const webRoot = options.webRoot === undefined ? resolve(root, 'web/dist') : options.webRoot
    const gatewayConfig = parseConfig(gatewayEnvSchema, {
      ...shared,
      ...keyEnvironment('gateway', secrets),
      PORT: String(gatewayPort),
      HOST: options.host ?? env.HOST ?? '127.0.0.1',
      ...(webRoot ? { WEB_ROOT: webRoot } : {}),
      ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, serviceUrls[name]])),
    })
    const gateway = await buildGateway({ config: gatewayConfig, kv, logger: { ...logger, name: 'gateway' } })
    const url = await gateway.listen({ port: gatewayConfig.PORT, host: gatewayConfig.HOST })
    return {
      url,
      gateway,
      serviceUrls,
      /** Stops taking requests first, then each service finishes its in-flight work and closes its store. */
      async close() {
        await closeServer(gateway)
        // The gateway's grace period has passed, so what a service still holds is cut at once.
        await Promise.all(started.reverse().map((service) => service.close()))
        await bus.close()
        await busStore.close()
        await kv.close()
      },
    }
  } catch (error) {
    for (const service of started.reverse()) await service.close().catch(() => undefined)
    await bus.close()
    await busStore.close()
    await kv.close()
    throw error
  }
}

// Run directly, the process keeps the thread pool it started with: libuv sized it before this module ran, so
// UV_THREADPOOL_SIZE cannot be raised from here. `npm start` (scripts/start.mjs) sets it when it spawns this.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const product = await startAllInOne({
      dataDirectory: resolve(process.env.DATA_DIR ?? 'data'),
      env: process.env,
    })
    closeOnSignals(product.gateway.log, [() => product.close()])
    await lowerHelperThreads()
    process.stdout.write(`Ready: ${product.url.replace('127.0.0.1', 'localhost')}\n`)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
