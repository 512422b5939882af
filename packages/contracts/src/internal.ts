import { z } from 'zod'
import {
  InternalAssessmentImportRequestSchema,
  InternalAssessmentImportResponseSchema,
  InternalImportMailOptionsSchema,
  InternalUserImportRequestSchema,
  InternalUserImportResponseSchema,
} from './imports.ts'
import { AccessibleProfileSchema, OwnedProfilesResponseSchema } from './profiles.ts'
import { OidcAccountRequestSchema, OidcAccountResponseSchema } from './oidc.ts'
import { GuestAccountRequestSchema, GuestAccountResponseSchema, UserContactSchema } from './sharing.ts'
import { SERVICES, type HttpMethod, type InternalCaller, type ServiceName } from './services.ts'
import {
  ExportAccessEventSchema,
  ExportAccessSchema,
  ExportAccountSchema,
  ExportInvitationSchema,
  ExportProfileSchema,
} from './account-export.ts'

/**
 * One route a service offers only to other services (docs/decisions/045-internal-route-catalog.md): who
 * answers it, who may call it, and the shape of what goes in and out. The called service registers it from
 * this row (`internalRouteOptions` in @app/kit/api-route) and the caller calls it with this row
 * (`ServiceClient.request`), so both ends are typed from the same place; the NetworkPolicy edges and the
 * keys each service holds are derived from the callers of every row (INTERNAL_CALLS in @app/kit/services).
 */
export interface InternalRoute {
  /** The called service. */
  service: ServiceName
  method: HttpMethod
  /** `:name` is one path segment. */
  path: `/internal/${string}`
  /**
   * The services allowed to call it, or the gateway (which signs with its own key, needs no NetworkPolicy
   * edge of its own, and calls only to gather a user's own data, decision 060, or for a provider's sign-in,
   * decision 062); any other caller is refused with 403.
   */
  callers: readonly InternalCaller[]
  summary: string
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
  /** The success answer (200); errors are `{ message, code }` and pass on to the caller's own answer. */
  response: z.ZodType
  /**
   * The answer is NDJSON, one `response` a line, written as it is read from the store, so that a long answer
   * never sits whole in memory on either end (`ServiceClient.lines`).
   */
  streamed?: boolean
  /**
   * A POST or PATCH that may be sent again without doing anything twice (an import key, a find-or-create):
   * the client retries it after a failure on the way, as it retries every GET, PUT and DELETE.
   */
  idempotent?: boolean
  /** A larger body limit than the default, in bytes (the import batches). */
  bodyLimit?: number
  /** A longer wait for the answer than the client's default, for work known to take long. */
  timeoutMs?: number
}

/** A batch of 500 rows whose names are all escaped characters is still far below this. */
const BATCH_BODY_LIMIT_BYTES = 8 * 1_048_576
const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/** How long the data export waits for a part to start (decision 060); a long part may then take its time. */
const EXPORT_START_TIMEOUT_MS = 60_000

const internalRoute = <const R extends InternalRoute>(definition: R) => definition

/** Every internal route, by a name both ends refer to it with. */
export const internalApi = {
  userContact: internalRoute({
    service: 'auth',
    method: 'GET',
    path: '/internal/users/:id',
    callers: ['sharing'],
    summary: "An inviter's or invitee's name, e-mail and role",
    params: IdParamsSchema,
    response: UserContactSchema,
  }),
  findOrCreateGuest: internalRoute({
    service: 'auth',
    method: 'POST',
    path: '/internal/users/find-or-create-guest',
    callers: ['sharing'],
    summary: 'The account of an accepted invitation: found, promoted or created (decision 034)',
    body: GuestAccountRequestSchema,
    response: GuestAccountResponseSchema,
    // Finding the account again is harmless: a second call finds what the first created.
    idempotent: true,
  }),
  userImportOptions: internalRoute({
    service: 'auth',
    method: 'GET',
    path: '/internal/users/import/options',
    callers: ['import'],
    summary: 'Whether auth can e-mail set-password links',
    response: InternalImportMailOptionsSchema,
  }),
  importUsers: internalRoute({
    service: 'auth',
    method: 'POST',
    path: '/internal/users/import',
    callers: ['import'],
    summary: "A batch of an import's accounts, each under its import key",
    body: InternalUserImportRequestSchema,
    response: InternalUserImportResponseSchema,
    idempotent: true,
    bodyLimit: BATCH_BODY_LIMIT_BYTES,
    // Auth hashes every password of the batch, behind the batches already in flight, and on a busy machine
    // that passes the client's usual 10 s. A batch given up early is sent again while auth still hashes the
    // first copy, and then hashed twice, so the wait is generous: an import is a job, and a service that is
    // down refuses the connection at once.
    timeoutMs: 120_000,
  }),
  profileForUser: internalRoute({
    service: 'profiles',
    method: 'GET',
    path: '/internal/profiles/:id',
    callers: ['advice'],
    summary: 'One profile, if the user the call acts for may see it',
    params: IdParamsSchema,
    response: AccessibleProfileSchema,
  }),
  ownedProfiles: internalRoute({
    service: 'profiles',
    method: 'GET',
    path: '/internal/profiles/owned',
    callers: ['sharing'],
    summary: 'How many profiles the user the call acts for owns',
    response: OwnedProfilesResponseSchema,
  }),
  importAssessments: internalRoute({
    service: 'profiles',
    method: 'POST',
    path: '/internal/assessments/import',
    callers: ['import'],
    summary: "A batch of an import's assessments, each under its import key",
    body: InternalAssessmentImportRequestSchema,
    response: InternalAssessmentImportResponseSchema,
    idempotent: true,
    bodyLimit: BATCH_BODY_LIMIT_BYTES,
  }),
  // export: the parts of "Download my data", each for the user the gateway acts for (decision 060). A streamed
  // answer starts with its first page, which a busy service may take a while to read.
  exportAccount: internalRoute({
    service: 'auth',
    method: 'GET',
    path: '/internal/account/export',
    callers: ['gateway'],
    summary: "The caller's account without secrets; 409 while it is being deleted",
    response: ExportAccountSchema,
  }),
  exportProfiles: internalRoute({
    service: 'profiles',
    method: 'GET',
    path: '/internal/account/export/profiles',
    callers: ['gateway'],
    summary: "The caller's own profiles with their answers",
    response: ExportProfileSchema,
    streamed: true,
    timeoutMs: EXPORT_START_TIMEOUT_MS,
  }),
  exportInvitations: internalRoute({
    service: 'sharing',
    method: 'GET',
    path: '/internal/account/export/invitations',
    callers: ['gateway'],
    summary: 'The invitations the caller sent, then those they accepted',
    response: ExportInvitationSchema,
    streamed: true,
    timeoutMs: EXPORT_START_TIMEOUT_MS,
  }),
  exportAccess: internalRoute({
    service: 'sharing',
    method: 'GET',
    path: '/internal/account/export/access',
    callers: ['gateway'],
    summary: "Every invitation to the caller's profiles: who can see them, via whom, since and until when",
    response: ExportAccessSchema,
    streamed: true,
    timeoutMs: EXPORT_START_TIMEOUT_MS,
  }),
  exportAccessHistory: internalRoute({
    service: 'sharing',
    method: 'GET',
    path: '/internal/account/export/access-history',
    callers: ['gateway'],
    summary: "The access history of the caller's profiles, in the order it happened",
    response: ExportAccessEventSchema,
    streamed: true,
    timeoutMs: EXPORT_START_TIMEOUT_MS,
  }),
  // oidc
  oidcAccount: internalRoute({
    service: 'auth',
    method: 'POST',
    path: '/internal/users/oidc-account',
    callers: ['gateway'],
    summary: "The account of a provider's verified e-mail: found and linked, or created (decision 062)",
    body: OidcAccountRequestSchema,
    response: OidcAccountResponseSchema,
    // A second call finds the account the first created or linked.
    idempotent: true,
  }),
} satisfies Record<string, InternalRoute>

export type InternalRouteName = keyof typeof internalApi
export const internalRoutes: readonly InternalRoute[] = Object.values(internalApi)

/**
 * The synchronous calls between services, caller → called, read from the rows' callers: each pair is one
 * NetworkPolicy edge and one public key the called service holds. Callers and targets in SERVICES order.
 */
export const internalCalls: Partial<Record<ServiceName, readonly ServiceName[]>> = Object.fromEntries(
  SERVICES.flatMap((caller) => {
    const targets = SERVICES.filter((target) =>
      internalRoutes.some((row) => row.service === target && row.callers.includes(caller)),
    )
    return targets.length > 0 ? [[caller, targets]] : []
  }),
)
