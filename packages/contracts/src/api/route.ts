import type { z } from 'zod'
import type { Role } from '@app/domain/roles'
import type { HttpMethod, ServiceName } from '../services.ts'

export type { HttpMethod }

/**
 * Who may call a route the gateway exposes: 'public', anyone with or without a session; any signed-in user; the
 * listed roles; or 'scim', a SCIM client, whose bearer token the auth service checks (no session; decision 064).
 */
export type Access = 'public' | 'signed-in' | 'scim' | readonly Role[]
/** The named per-address limits a catalog row may ask for; their numbers come from the gateway's config. */
export type AddressLimitName = 'credentials'
export type ApiTarget = 'gateway' | ServiceName

/**
 * One route the gateway exposes (as against `/internal/` routes): who answers it, who may call it, and the shape of what goes in and out.
 * The gateway's guard table, the services' own declarations and the OpenAPI document are all read from here.
 */
export interface ApiRoute {
  method: HttpMethod
  /** `:name` is one path segment. */
  path: string
  target: ApiTarget
  access: Access
  /** A session that must change its password may still call it (decision 033). */
  duringPasswordChange?: boolean
  summary: string
  body?: z.ZodType
  params?: z.ZodType
  querystring?: z.ZodType
  /** A larger body limit than the default, in bytes, at the gateway and in the service (the imports). */
  bodyLimit?: number
  /**
   * A tighter limit per client address at the gateway, on top of the global one (decision 046): the routes
   * that take or mail a credential, which the service also limits per account.
   */
  perAddressLimit?: AddressLimitName
  /** The answer is a redirect (302) the browser follows, not a body (the OpenID Connect sign-in). */
  redirect?: true
  /** The media type of the success answer when it is not JSON (the PDF reports, the audit CSV, the data export's zip). */
  produces?: 'application/pdf' | 'text/csv' | 'application/zip'
  /** Every success answer by status; error answers are `{ message, code }` (ErrorBodySchema). */
  responses: Partial<Record<200 | 201 | 204, z.ZodType>>
}

export const ADMINISTRATOR = ['administrator'] as const

export const route = <const R extends ApiRoute>(definition: R) => definition
