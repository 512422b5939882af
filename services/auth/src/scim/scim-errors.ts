import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { SCIM_ERROR_SCHEMA, type ScimError } from '@app/contracts/scim'
import { AppError, describeZodError } from '@app/kit/errors'
import { KeyValueUnavailableError } from '@app/kit/kv/port'
import { StoreQueryError } from '@app/kit/store/port'

/** RFC 7644 section 3.12's `scimType` values the product answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'

/** A refusal in SCIM's terms: the status, and the `scimType` where RFC 7644 names one. */
export class ScimProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail)
  }
}

export const scimProblems = {
  unauthorized: () => new ScimProblem(401, 'A valid SCIM bearer token is required'),
  notFound: (id: string) => new ScimProblem(404, `User ${id} not found`),
  stale: () =>
    new ScimProblem(412, 'The user changed since the version in If-Match; read it again and retry'),
  taken: () => new ScimProblem(409, 'A user with that userName or e-mail already exists', 'uniqueness'),
  lastAdministrator: (change: 'deleted' | 'deactivated') =>
    new ScimProblem(
      409,
      `The last administrator cannot be ${change}; another administrator must exist first`,
    ),
  invalidValue: (detail: string) => new ScimProblem(400, detail, 'invalidValue'),
  invalidFilter: (detail: string) => new ScimProblem(400, detail, 'invalidFilter'),
  invalidSyntax: (detail: string) => new ScimProblem(400, detail, 'invalidSyntax'),
  invalidPath: (detail: string) => new ScimProblem(400, detail, 'invalidPath'),
  noTarget: (detail: string) => new ScimProblem(400, detail, 'noTarget'),
  mutability: (detail: string) => new ScimProblem(400, detail, 'mutability'),
}

const body = (status: number, detail: string, scimType?: ScimType): ScimError => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
})

function scimErrorOf(error: FastifyError | Error): ScimError {
  if (error instanceof ScimProblem) return body(error.status, error.detail, error.scimType)
  if (error instanceof AppError) return body(error.statusCode, error.message)
  if (error instanceof ZodError) return body(400, describeZodError(error), 'invalidValue')
  if ((error as FastifyError).validation) return body(400, error.message, 'invalidValue')
  if (error instanceof SyntaxError || (error as FastifyError).code?.startsWith('FST_ERR_CTP_')) {
    const status = (error as FastifyError).statusCode ?? 400
    return body(status, error.message, status === 400 ? 'invalidSyntax' : undefined)
  }
  if (error instanceof StoreQueryError) return body(400, 'Invalid input', 'invalidValue')
  if (error instanceof KeyValueUnavailableError)
    return body(503, 'The service is temporarily unavailable. Please try again shortly.')
  const status = (error as FastifyError).statusCode ?? 500
  if (status >= 400 && status < 500) return body(status, error.message)
  return body(status, 'Internal server error')
}

/**
 * SCIM's own error shape for the SCIM routes (RFC 7644 section 3.12): a SCIM client reads `status`,
 * `scimType` and `detail`, not the product's `{ message, code }` (docs/decisions/064-scim-provisioning.md).
 */
export function registerScimErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = scimErrorOf(error)
    const status = Number(answer.status)
    if (status >= 500) request.log.error({ err: error }, 'SCIM request failed')
    else request.log.info({ status, scimType: answer.scimType }, answer.detail ?? 'refused')
    if (status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"')
    if (status === 413 || (error as FastifyError).code?.startsWith('FST_ERR_CTP_'))
      reply.header('connection', 'close')
    return reply.status(status).send(answer)
  })
}
