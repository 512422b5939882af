import { hostname } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { ServiceEnv } from './config.ts'
import { createEventBus } from './bus/index.ts'
import { createKeyValueStore } from './kv/index.ts'
import { loggerOptions } from './logger.ts'
import type { ServiceDependencies } from './service.ts'
import { createDocumentStore, createProcessedEventLog } from './store/index.ts'

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

/** The adapters a service process uses, chosen by its environment (DESIGN.md, Ports and adapters). */
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
  const kv = createKeyValueStore({ redisUrl: env.REDIS_URL })
  return { store, bus, kv }
}

/** server.ts of every service: parse env, build the adapters and the app, listen, close cleanly. */
export async function runService<E extends ServiceEnv>(
  name: string,
  env: E,
  buildApp: (dependencies: ServiceDependencies & { env: E }) => Promise<FastifyInstance>,
): Promise<FastifyInstance> {
  const adapters = await createServiceAdapters(name, env)
  const app = await buildApp({
    ...adapters,
    env,
    internalTokenSecret: env.INTERNAL_TOKEN_SECRET,
    logger: loggerOptions(env.LOG_LEVEL, name),
  })
  closeOnSignals(app.log, [
    () => app.close(),
    () => adapters.bus.close(),
    () => adapters.kv.close(),
    () => adapters.store.close(),
  ])
  await app.listen({ port: env.PORT, host: env.HOST })
  return app
}
