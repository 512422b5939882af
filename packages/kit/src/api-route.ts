import type { FastifyContextConfig } from 'fastify'
import type { ApiRoute } from '@app/contracts/api'
import type { InternalRoute } from '@app/contracts/internal'
import { ErrorBodySchema } from '@app/contracts/errors'
import { ScimErrorSchema } from '@app/contracts/scim'
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

/** SCIM routes answer errors in SCIM's own shape (RFC 7644 section 3.12), 412 included (decision 064). */
const SCIM_ERROR_RESPONSES = {
  400: ScimErrorSchema,
  401: ScimErrorSchema,
  403: ScimErrorSchema,
  404: ScimErrorSchema,
  409: ScimErrorSchema,
  412: ScimErrorSchema,
  429: ScimErrorSchema,
  503: ScimErrorSchema,
}

type Schemas = Pick<ApiRoute, 'body' | 'params' | 'querystring'>

/**
 * A row's schemas as Fastify takes them, with its answers beside the error answers every route may give; only
 * the parts a row has, since Fastify warns about a schema key that is present but empty.
 */
function schemaOf<
  R extends Schemas,
  Responses extends object,
  Errors extends object = typeof ERROR_RESPONSES,
>(route: R, responses: Responses, bodyLimit?: number, errors: Errors = ERROR_RESPONSES as Errors) {
  const schema = {
    ...(route.body ? { body: route.body } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    response: { ...responses, ...errors },
  }
  return {
    // The route's own limit where the catalog gives one (the imports); the app's default elsewhere.
    ...(bodyLimit ? { bodyLimit } : {}),
    schema: schema as {
      body: R['body']
      params: R['params']
      querystring: R['querystring']
      response: Responses & Errors
    },
  }
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
  return { config, ...schemaOf(route, route.responses as R['responses'], route.bodyLimit) }
}

/**
 * A SCIM route's options (`access: 'scim'` rows): as `apiRouteOptions`, with errors in SCIM's shape; the route
 * checks the client's bearer token itself (docs/decisions/064-scim-provisioning.md).
 */
export function scimRouteOptions<R extends ApiRoute & { access: 'scim' }>(route: R) {
  const config: FastifyContextConfig = { access: route.access }
  return {
    config,
    ...schemaOf(route, route.responses as R['responses'], route.bodyLimit, SCIM_ERROR_RESPONSES),
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
  return { config, ...schemaOf(route, { 200: route.response as R['response'] }, route.bodyLimit) }
}
