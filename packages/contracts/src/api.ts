import { ErrorBodySchema } from './errors.ts'
import { accountDeletionRoutes } from './api/account-deletion-routes.ts'
import { accountRoutes } from './api/account-routes.ts'
import { adviceRoutes } from './api/advice-routes.ts'
import { authRoutes } from './api/auth-routes.ts'
import { gatewayRoutes } from './api/gateway-routes.ts'
import { importRoutes } from './api/imports-routes.ts'
import { oidcRoutes } from './api/oidc-routes.ts'
import { profileRoutes } from './api/profiles-routes.ts'
import { questionRoutes } from './api/questions-routes.ts'
import type { ApiRoute } from './api/route.ts'
import { sharingRoutes } from './api/sharing-routes.ts'
import { teamRoutes } from './api/teams-routes.ts'
import { scimRoutes } from './api/scim-routes.ts'
import { scimTokenRoutes } from './api/scim-token-routes.ts'
import { auditRoutes } from './api/audit-routes.ts'

export type { Access, AddressLimitName, ApiRoute, ApiTarget, HttpMethod } from './api/route.ts'
export { HealthSchema } from './api/gateway-routes.ts'

/**
 * Every route the gateway exposes, by a name the code refers to it with: the one import of every caller
 * (`@app/contracts/api`). The rows live by area under `api/`; the gateway's guard table, the services' own
 * declarations and the OpenAPI document are all read from here.
 */
export const api = {
  ...gatewayRoutes,
  ...authRoutes,
  ...profileRoutes,
  ...questionRoutes,
  ...adviceRoutes,
  ...sharingRoutes,
  ...importRoutes,
  ...teamRoutes,
  ...accountDeletionRoutes,
  ...scimTokenRoutes,
  ...scimRoutes,
  ...auditRoutes,
  ...accountRoutes,
  ...oidcRoutes,
} satisfies Record<string, ApiRoute>

export type ApiRouteName = keyof typeof api
export const apiRoutes: readonly ApiRoute[] = Object.values(api)

export { ErrorBodySchema }
