import type { FastifyContextConfig } from 'fastify'
import type { ApiRoute } from '@app/contracts/api'
import type { InternalRoute } from '@app/contracts/internal'
import { ErrorBodySchema } from '@app/contracts/errors'
import type { RouteAccess } from './service.ts'

const ERROR_RESPONSES = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
}

/**
 * A service's route options from the API catalog (`@app/contracts/api`): the same access as the
 * gateway's guard, the same body limit, and the schemas that validate what comes in and shape what goes out.
 */
export function apiRouteOptions<R extends ApiRoute>(route: R) {
  const access: RouteAccess = route.access
  const config: FastifyContextConfig = {
    access,
    ...(route.duringPasswordChange ? { duringPasswordChange: true } : {}),
  }
  // Only the parts a route has: Fastify warns about a schema key that is present but empty.
  const schema = {
    ...(route.body ? { body: route.body } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    response: { ...route.responses, ...ERROR_RESPONSES },
  }
  return {
    config,
    // The route's own limit where the catalog gives one (the imports); the app's default elsewhere.
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    schema: schema as {
      body: R['body']
      params: R['params']
      querystring: R['querystring']
      response: R['responses'] & typeof ERROR_RESPONSES
    },
  }
}

/**
 * A service's options for one of its internal routes, from its row of the internal route catalog
 * (`@app/contracts/internal`, docs/decisions/045-internal-route-catalog.md): only the row's callers get
 * through (any other is refused 403 by the identity check of service.ts), and the row's schemas validate what
 * comes in and shape what goes out, the same schemas the caller's client sends and reads with.
 */
export function internalRouteOptions<R extends InternalRoute>(route: R) {
  const config: FastifyContextConfig = { access: { services: route.callers } }
  const schema = {
    ...(route.body ? { body: route.body } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    response: { 200: route.response, ...ERROR_RESPONSES },
  }
  return {
    config,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    schema: schema as {
      body: R['body']
      params: R['params']
      querystring: R['querystring']
      response: { 200: R['response'] } & typeof ERROR_RESPONSES
    },
  }
}
