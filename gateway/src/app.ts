import Fastify, { type FastifyServerOptions } from 'fastify'
import { registerErrorHandling } from '@app/kit/errors'
import type { KeyValueStore } from '@app/kit/kv/port'
import { createServiceClient } from '@app/kit/service-client'
import {
  newRequestId,
  registerRequestLog,
  RequestLineController,
  requestLoggerFactory,
} from '@app/kit/logger'
import { BODY_LIMIT_BYTES } from '@app/kit/service'
import type { GatewayConfig } from './config.ts'
import { createCircuitBreaker } from './plugins/circuit-breaker.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerGuards } from './plugins/guards.ts'
import { registerProxies } from './plugins/proxy.ts'
import { registerRateLimits } from './plugins/rate-limit.ts'
import { registerRequestSafety } from './plugins/request-safety.ts'
import { registerScimErrors } from './plugins/scim-errors.ts'
import { registerSessions } from './plugins/session.ts'
import { registerSpa } from './plugins/spa.ts'
import { createProviderClients } from './oidc/provider-clients.ts'
import { createRequestRouting, routeOf } from './request-route.ts'
import { bodyLimitOf, compileRouteTable, routeTable, withOpenDocs, type RouteRule } from './route-table.ts'
import { accountExportRoutes } from './routes/account-export.ts'
import { apiDocsRoutes } from './routes/api-docs.ts'
import { clientConfigRoutes } from './routes/client-config.ts'
import { healthRoutes } from './routes/health.ts'
import { markProviderSignOuts, oidcRoutes } from './routes/oidc-routes.ts'

export interface GatewayOptions {
  config: GatewayConfig
  kv: KeyValueStore
  logger?: FastifyServerOptions['logger']
  /** Tests may add rows; production uses the route table as it is. */
  rules?: readonly RouteRule[]
}

export async function buildApp(options: GatewayOptions) {
  const { config, kv } = options
  const tableRules = options.rules ?? routeTable
  const rules = config.NODE_ENV === 'development' ? withOpenDocs(tableRules) : tableRules
  const https = config.PUBLIC_URL.startsWith('https:')
  const matcher = compileRouteTable(rules)
  const routing = createRequestRouting(matcher)
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: 60_000,
    // Routing, guards, limits and proxies all see one canonical path, never the raw request line; its row of
    // the route table is matched here once (request-route.ts).
    rewriteUrl: routing.rewriteUrl,
    logController: new RequestLineController(), // one short line per request instead, named by its route table row
    childLoggerFactory: requestLoggerFactory, // made on a request's first line that needs it (decision 071)
    genReqId: newRequestId, // never the client's: the id is passed on to the services (plugins/proxy.ts)
  })
  registerRequestLog(app, (request) => request.routeRule?.path)
  registerErrorHandling(app, 'GATEWAY')
  registerScimErrors(app) // before compression, which it must see uncompressed
  await registerCompression(app) // before every route, so each answer can be compressed

  // Order matters: headers and CSRF checks first, then limits, then who is calling, then what they may call,
  // then the routes and proxies that answer.
  registerRequestSafety(app, {
    allowedOrigins: [config.PUBLIC_URL, ...config.ALLOWED_ORIGINS],
    https,
    bodyLimitOf: (request) => {
      const route = routeOf(request.raw)
      return bodyLimitOf(route.ok && route.api ? route.rule : null)
    },
  })
  const limits = await registerRateLimits(app, {
    global: { max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_MS },
    perAddress: {
      credentials: {
        max: config.CREDENTIAL_RATE_LIMIT_MAX,
        windowMs: config.CREDENTIAL_RATE_LIMIT_WINDOW_MS,
      },
    },
    // Counted on every request: in the relaxed Redis when there is one (decision 020).
    redisUrl: config.REDIS_RELAXED_URL ?? config.REDIS_URL,
  })
  await registerSessions(app, { secret: config.SESSION_SECRET, secure: https, kv })
  registerGuards(app, matcher, limits)

  const breakers = Object.fromEntries(
    Object.keys(config.serviceUrls).map((service) => [service, createCircuitBreaker()]),
  ) as Record<keyof typeof config.serviceUrls, ReturnType<typeof createCircuitBreaker>>
  await app.register(healthRoutes, { serviceUrls: config.serviceUrls, kv, breakers })
  await app.register(apiDocsRoutes)
  await app.register(clientConfigRoutes, { supportEmail: config.SUPPORT_EMAIL, logos: config.logos })
  await app.register(accountExportRoutes, {
    serviceUrls: config.serviceUrls,
    privateKey: config.GATEWAY_PRIVATE_KEY,
  })
  markProviderSignOuts(app, https)
  await app.register(oidcRoutes, {
    clients: createProviderClients(config.oidcProviders),
    kv,
    // The gateway signs its own call to auth: it vouches for the provider's checked claims (decision 062).
    auth: createServiceClient({
      caller: 'gateway',
      target: 'auth',
      baseUrl: config.serviceUrls.auth,
      privateKey: config.GATEWAY_PRIVATE_KEY,
    }),
    publicUrl: config.PUBLIC_URL,
    secure: https,
  })
  await registerProxies(app, {
    rules,
    serviceUrls: config.serviceUrls,
    privateKey: config.GATEWAY_PRIVATE_KEY,
    breakers,
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  })
  if (config.WEB_ROOT) await registerSpa(app, config.WEB_ROOT)
  return app
}
