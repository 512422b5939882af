import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify'
import type { DocumentStore } from './store/port.ts'
import type { EventBus, EventHandler } from './bus/port.ts'
import type { KeyValueStore } from './kv/port.ts'
import { AppError, registerErrorHandling } from './errors.ts'
import { createIdentityVerifier, IDENTITY_HEADER, type RequestIdentity } from './identity.ts'
import { registerZodValidation, type ZodTypeProvider } from './validation.ts'

export type { ZodTypeProvider }

declare module 'fastify' {
  interface FastifyRequest {
    identity: RequestIdentity
  }
  interface FastifyInstance {
    /** Subscribes a handler; the bus adapters deliver each event id to a group's handler once. */
    subscribe(topic: string, group: string, handler: EventHandler, maxAttempts?: number): Promise<void>
  }
  interface FastifyContextConfig {
    /** Reachable without the gateway's identity token (health checks only). */
    withoutIdentity?: boolean
  }
}

/** What every service app is built from; server.ts and the all-in-one runner create the adapters. */
export interface ServiceDependencies {
  internalTokenSecret: string
  store: DocumentStore
  bus: EventBus
  kv: KeyValueStore
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger
}

export const BODY_LIMIT_BYTES = 1_048_576

/**
 * The common shell of a service: validation, errors, the identity check and `/health`.
 * Services add their repositories and routes to it in `buildApp`.
 */
export function createServiceApp(name: string, dependencies: ServiceDependencies) {
  const errorPrefix = name.toUpperCase()
  const loggerOption = dependencies.logger ?? false
  const app = Fastify({
    ...(typeof loggerOption === 'object' && 'child' in loggerOption
      ? { loggerInstance: loggerOption.child({ service: name }) }
      : { logger: loggerOption }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Identity arrives from the gateway; a forwarded address is only a hint for logs.
    trustProxy: '127.0.0.1',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  registerZodValidation(app)
  registerErrorHandling(app, errorPrefix)

  const verifyIdentity = createIdentityVerifier(dependencies.internalTokenSecret)
  app.decorateRequest('identity', null)
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.withoutIdentity) return
    const header = request.headers[IDENTITY_HEADER]
    try {
      request.identity = verifyIdentity(Array.isArray(header) ? undefined : header)
    } catch {
      throw new AppError(401, `${errorPrefix}_UNAUTHENTICATED`, 'Authentication required')
    }
  })

  app.get('/health', { config: { withoutIdentity: true } }, async (_request, reply) => {
    const [store, bus, kv] = await Promise.all([
      dependencies.store.ping().catch(() => false),
      dependencies.bus.ping().catch(() => false),
      dependencies.kv.ping().catch(() => false),
    ])
    const ok = store && bus && kv
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'degraded', service: name, store, bus, kv })
  })

  const subscriptions: Array<{ close(): Promise<void> }> = []
  app.decorate(
    'subscribe',
    async (topic: string, group: string, handler: EventHandler, maxAttempts?: number) => {
      const subscription = await dependencies.bus.subscribe(topic, handler, {
        group,
        ...(maxAttempts ? { maxAttempts } : {}),
      })
      subscriptions.push(subscription)
    },
  )
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.close()))
  })

  return app
}

export function requireIdentity(identity: RequestIdentity, errorPrefix: string) {
  if (!identity) throw new AppError(401, `${errorPrefix}_UNAUTHENTICATED`, 'Authentication required')
  return identity
}
