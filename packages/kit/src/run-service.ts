// First: V8's settings must hold before the process allocates its data (v8-tuning.ts).
import './v8-tuning.ts'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { ServiceEnv } from './config.ts'
import { createEventBus } from './bus/index.ts'
import { createKeyValueStore } from './kv/index.ts'
import { loggerOptions } from './logger.ts'
import type { ServiceDependencies, ServiceOptions } from './service.ts'
import { createServiceClient, type ServiceClient } from './service-client.ts'
import { signingEventBus } from './bus/signature.ts'
import type { EventBus } from './bus/port.ts'
import {
  callsOf,
  publicKeysHeldBy,
  topicsPublishedBy,
  upperName,
  type Caller,
  type ServiceName,
} from './services.ts'
import { createDocumentStore, createProcessedEventLog } from './store/index.ts'
import { lowerHelperThreads } from './thread-priority.ts'

/** How long requests in flight may take to finish on a clean stop before their connections are cut. */
export const CLOSE_GRACE_MS = 1000

/**
 * Closes a listening app within about `graceMs`: idle keep-alive connections at once (Fastify's default), and
 * after the grace period every connection still open, such as one stuck sending a body that never comes.
 */
export async function closeServer(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs)
  cut.unref()
  try {
    await app.close()
  } finally {
    clearTimeout(cut)
  }
}

/** Closes in order on SIGINT/SIGTERM: stop taking requests, finish in-flight work, then close the stores. */
export function closeOnSignals(log: FastifyBaseLogger, steps: Array<() => Promise<unknown>>): void {
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref()
    for (const step of steps) {
      try {
        await step()
      } catch (error) {
        log.error({ err: error }, 'error while shutting down')
      }
    }
    clearTimeout(forceExit)
    process.exit(0)
  }
  process.once('SIGINT', () => void close('SIGINT'))
  process.once('SIGTERM', () => void close('SIGTERM'))
}

/** The adapters a service process uses, chosen by its environment (docs/architecture.md, Ports and adapters). */
export async function createServiceAdapters(name: string, env: ServiceEnv) {
  const store = await createDocumentStore({
    mongoUrl: env.MONGO_URL,
    dataDirectory: join(env.DATA_DIR),
    service: name,
  })
  const processedLog = await createProcessedEventLog(store)
  const bus = await createEventBus({
    kafkaBrokers: env.KAFKA_BROKERS,
    redisUrl: env.REDIS_URL,
    consumerName: `${name}@${hostname()}`,
    processedLog,
  })
  const kv = createKeyValueStore({ redisUrl: env.REDIS_URL, relaxedRedisUrl: env.REDIS_RELAXED_URL })
  return { store, bus: publisherBus(name as ServiceName, bus, env), kv }
}

/**
 * The bus as `name` gets it: a publisher's events leave signed with its SERVICE_PRIVATE_KEY (decision 021).
 * The all-in-one runner wraps its one shared bus this way for each service.
 */
export function publisherBus(name: ServiceName, bus: EventBus, env: Record<string, unknown>): EventBus {
  if (topicsPublishedBy(name).length === 0) return bus
  const key = env.SERVICE_PRIVATE_KEY
  if (typeof key !== 'string') throw new Error('SERVICE_PRIVATE_KEY is missing from the parsed configuration')
  return signingEventBus(bus, name, key)
}

/**
 * The keys and clients of a service's internal calls and events, from its parsed environment (config.ts
 * `internalCallEnv`): the public keys of the gateway, of its callers and of the publishers it hears, and a
 * client per service it calls.
 */
export function internalCallsFromEnv(
  name: ServiceName,
  env: Record<string, unknown>,
): Pick<ServiceDependencies, 'publicKeys' | 'clients'> {
  const text = (key: string) => {
    const value = env[key]
    if (typeof value !== 'string') throw new Error(`${key} is missing from the parsed configuration`)
    return value
  }
  const publicKeys: Partial<Record<Caller, string>> = {}
  for (const holder of publicKeysHeldBy(name))
    publicKeys[holder] = text(holder === 'gateway' ? 'GATEWAY_PUBLIC_KEY' : `${upperName(holder)}_PUBLIC_KEY`)
  const clients: Partial<Record<ServiceName, ServiceClient>> = {}
  for (const target of callsOf(name)) {
    clients[target] = createServiceClient({
      caller: name,
      target,
      baseUrl: text(`${upperName(target)}_SERVICE_URL`),
      privateKey: text('SERVICE_PRIVATE_KEY'),
    })
  }
  return { publicKeys, clients }
}

/** server.ts of every service: from its parsed config, build the adapters and the app, listen, close cleanly. */
export async function runService<Config extends ServiceEnv>(
  name: ServiceName,
  config: Config,
  buildApp: (options: ServiceOptions<Config>) => Promise<FastifyInstance>,
): Promise<FastifyInstance> {
  // A process on its own with an in-process bus would publish to nobody and hear nobody.
  if (!config.REDIS_URL && !config.KAFKA_BROKERS) {
    process.stderr.write(
      `Invalid configuration:\n  - REDIS_URL or KAFKA_BROKERS: a ${name} process started on its own needs a shared event bus ` +
        '(run everything in one process with `npm start` instead)\n',
    )
    process.exit(1)
  }
  const adapters = await createServiceAdapters(name, config)
  const app = await buildApp({
    ...adapters,
    config,
    ...internalCallsFromEnv(name, config),
    logger: loggerOptions(config.LOG_LEVEL, name),
  })
  closeOnSignals(app.log, [
    () => closeServer(app),
    () => adapters.bus.close(),
    () => adapters.kv.close(),
    () => adapters.store.close(),
  ])
  await app.listen({ port: config.PORT, host: config.HOST })
  await lowerHelperThreads()
  return app
}
