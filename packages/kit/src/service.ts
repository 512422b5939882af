import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify'
import type { DocumentStore } from './store/port.ts'
import type { EventBus, EventHandler } from './bus/port.ts'
import type { KeyValueStore } from './kv/port.ts'
import { AppError, registerErrorHandling } from './errors.ts'
import {
  forwardedRequestId,
  registerRequestIdContext,
  registerRequestLog,
  RequestLineController,
  requestLoggerFactory,
} from './logger.ts'
import { createTokenVerifier, IDENTITY_HEADER, type Identity, type RequestIdentity } from './identity.ts'
import type { ServiceClient } from './service-client.ts'
import {
  calledBy,
  callsOf,
  publishersHeardBy,
  topicsHeardBy,
  upperName,
  type Caller,
  type ServiceName,
} from './services.ts'
import { verifiedHandler } from './bus/signature.ts'
import type { Role } from '@app/domain/roles'
import { registerZodValidation, type ZodTypeProvider } from './validation.ts'

export type { ZodTypeProvider }

/**
 * Who may call a route (docs/architecture.md, Identity); every route declares one, or the app does not build.
 * - 'no-token': no identity token at all (health checks only);
 * - 'public': through the gateway, no session needed (login, forgot password), as the catalog's 'public';
 * - 'scim': through the gateway, no session; the route checks the SCIM client's bearer token (decision 064);
 * - 'signed-in', or a list of roles: through the gateway, with a signed-in user;
 * - { services }: an internal route (`/internal/*`), called by the listed services only (or the gateway,
 *   gathering a user's own data: docs/decisions/060-download-my-data.md).
 */
export type RouteAccess =
  'no-token' | 'public' | 'scim' | 'signed-in' | readonly Role[] | { services: readonly Caller[] }

export interface RouteDeclaration {
  method: string
  url: string
  access: RouteAccess
  duringPasswordChange: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: RequestIdentity
    /** Who signed the request's token: the gateway, or the calling service. */
    caller: Caller | null
  }
  interface FastifyInstance {
    /** Subscribes a handler; the bus adapters deliver each event id to a group's handler once. */
    subscribe(topic: string, group: string, handler: EventHandler, maxAttempts?: number): Promise<void>
    /** Every route of the app with who may call it, as registered: for the tests that hold them to the catalog. */
    routeDeclarations: RouteDeclaration[]
  }
  interface FastifyContextConfig {
    access?: RouteAccess
    /** A session that must change its password may still call it (decision 033). */
    duringPasswordChange?: boolean
  }
}

/** What every service app is built from; server.ts and the all-in-one runner create the adapters. */
export interface ServiceDependencies {
  /**
   * Public keys (services.ts `publicKeysHeldBy`): of who may sign this service's tokens, the gateway and the
   * services that call it; and of the publishers of the events it consumes (decision 021).
   */
  publicKeys: Partial<Record<Caller, string>>
  /** Clients of the services this one calls (INTERNAL_CALLS). */
  clients?: Partial<Record<ServiceName, ServiceClient>>
  store: DocumentStore
  bus: EventBus
  kv: KeyValueStore
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger
}

/** What a service's `buildApp` takes: its adapters and its config, as its config.ts parsed it. */
export type ServiceOptions<Config> = ServiceDependencies & { config: Config }

/**
 * The clients of `targets`, services `name` calls (INTERNAL_CALLS). A missing one stops the build, naming its
 * address variable: a service never starts unable to do its work (docs/decisions/054-missing-dependencies.md).
 */
export function requiredClients<Target extends ServiceName>(
  name: ServiceName,
  clients: ServiceDependencies['clients'],
  targets: readonly Target[],
): Record<Target, ServiceClient> {
  const found: Partial<Record<Target, ServiceClient>> = {}
  const missing: string[] = []
  for (const target of targets) {
    if (!callsOf(name).includes(target))
      throw new Error(`${name}: INTERNAL_CALLS lists no calls to ${target}`)
    const client = clients?.[target]
    if (client) found[target] = client
    else missing.push(`${upperName(target)}_SERVICE_URL`)
  }
  if (missing.length > 0)
    throw new Error(`${name}: no client of a service it calls; set ${missing.join(', ')}`)
  return found as Record<Target, ServiceClient>
}

export const BODY_LIMIT_BYTES = 1_048_576

/**
 * The common shell of a service: validation, errors, the identity check and `/health`.
 * Services add their repositories and routes to it in `buildApp`.
 */
export function createServiceApp(name: ServiceName, dependencies: ServiceDependencies) {
  const errorPrefix = name.toUpperCase()
  const loggerOption = dependencies.logger ?? false
  const app = Fastify({
    ...(typeof loggerOption === 'object' && 'child' in loggerOption
      ? { loggerInstance: loggerOption.child({ service: name }) }
      : { logger: loggerOption }),
    bodyLimit: BODY_LIMIT_BYTES,
    // The client's address is the one the gateway states (it overwrites X-Forwarded-For, decision 026), from
    // loopback or the private network only the gateway and other services reach a service on.
    trustProxy: ['loopback', 'uniquelocal'],
    routerOptions: { ignoreTrailingSlash: true },
    logController: new RequestLineController(), // one short line per request instead (registerRequestLog)
    childLoggerFactory: requestLoggerFactory, // made on a request's first line that needs it (decision 071)
    genReqId: forwardedRequestId, // the gateway's id, so its line and this service's can be matched
  }).withTypeProvider<ZodTypeProvider>()

  registerRequestLog(app)
  registerRequestIdContext(app)
  registerZodValidation(app)
  registerErrorHandling(app, errorPrefix)

  const verifyToken = createTokenVerifier(
    name,
    keysOf(dependencies.publicKeys, ['gateway', ...calledBy(name)]),
  )
  const unauthenticated = () => new AppError(401, `${errorPrefix}_UNAUTHENTICATED`, 'Authentication required')
  const forbidden = () =>
    new AppError(403, `${errorPrefix}_FORBIDDEN`, 'You do not have access to this resource')
  app.decorateRequest('identity', null)
  app.decorateRequest('caller', null)
  const declarations: RouteDeclaration[] = []
  app.decorate('routeDeclarations', declarations)
  app.addHook('onRoute', (route) => {
    const access = route.config?.access
    if (access === undefined)
      throw new Error(`${name}: route ${route.method} ${route.url} declares no access`)
    // Every answer goes through a declared schema (validation.ts), so nothing undeclared leaves a service.
    const responses = (route.schema as { response?: Record<string, unknown> } | undefined)?.response
    if (access !== 'no-token' && !Object.keys(responses ?? {}).some((status) => status.startsWith('2')))
      throw new Error(`${name}: route ${route.method} ${route.url} declares no success answer`)
    const internal = route.url.startsWith('/internal/')
    if (internal !== (typeof access === 'object' && 'services' in access))
      throw new Error(`${name}: ${route.url}: only /internal/* routes, and all of them, are for services`)
    for (const method of [route.method].flat()) {
      const duringPasswordChange = Boolean(route.config?.duringPasswordChange)
      if (method !== 'HEAD') declarations.push({ method, url: route.url, access, duringPasswordChange })
    }
  })
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access
    if (access === 'no-token') return
    // An unmatched route has no declaration: it still needs a valid token before it may learn it is a 404.
    const header = request.headers[IDENTITY_HEADER]
    let verified
    try {
      verified = verifyToken(Array.isArray(header) ? undefined : header)
    } catch {
      throw unauthenticated()
    }
    request.caller = verified.caller
    request.identity = verified.identity
    if (access === undefined) return
    if (typeof access === 'object' && 'services' in access) {
      if (!(access.services as readonly Caller[]).includes(verified.caller)) throw forbidden()
      return
    }
    if (verified.caller !== 'gateway') throw forbidden()
    if (access === 'public' || access === 'scim') return
    const identity = verified.identity
    if (!identity) throw unauthenticated()
    if (identity.mustChangePassword && !request.routeOptions.config.duringPasswordChange) {
      throw new AppError(
        403,
        `${errorPrefix}_PASSWORD_CHANGE_REQUIRED`,
        'You must change your password before continuing',
      )
    }
    if (access !== 'signed-in' && !access.includes(identity.role)) throw forbidden()
  })

  app.get('/health', { config: { access: 'no-token' } }, async (_request, reply) => {
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
      if (!topicsHeardBy(name).includes(topic))
        throw new Error(`${name}: subscribes to ${topic}, which EVENT_SUBSCRIPTIONS does not list`)
      const publisherKeys = keysOf(dependencies.publicKeys, publishersHeardBy(name))
      const subscription = await dependencies.bus.subscribe(
        topic,
        verifiedHandler(topic, handler, publisherKeys),
        {
          group,
          ...(maxAttempts ? { maxAttempts } : {}),
        },
      )
      subscriptions.push(subscription)
    },
  )
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.close()))
  })

  return app
}

/** The signed-in user of a route declared 'signed-in' or for roles: the access hook has already checked it. */
export function userOf(request: { identity: RequestIdentity }): Identity {
  if (!request.identity) throw new AppError(401, 'UNAUTHENTICATED', 'Authentication required')
  return request.identity
}

/** The keys of `holders` only: a publisher's key never verifies a token, nor a caller's an event. */
function keysOf<Holder extends Caller>(keys: Partial<Record<Caller, string>>, holders: readonly Holder[]) {
  return Object.fromEntries(
    holders.flatMap((holder) => (keys[holder] ? [[holder, keys[holder]]] : [])),
  ) as Partial<Record<Holder, string>>
}
