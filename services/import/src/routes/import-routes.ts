import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import type { FirstPassword, ImportResult, SingleImportRequest } from '@app/contracts/imports'
import type { ImportPasswordFormat } from '@app/domain/first-passwords'
import {
  DISC_IMPORT_COLUMNS,
  importRow,
  listOf,
  readImportFile,
  type ImportFormat,
  type ImportRowOutcome,
} from '@app/domain/import-rows'
import { apiRouteOptions } from '@app/kit/api-route'
import type { AppError } from '@app/kit/errors'
import { IDEMPOTENT_REPLAY_HEADER } from '@app/kit/idempotency'
import { userOf } from '@app/kit/service'
import type { ServiceClient } from '@app/kit/service-client'
import { DuplicateKeyError } from '@app/kit/store/port'
import type { ZodTypeProvider } from '@app/kit/validation'
import { credentialMethodOf, type CredentialMethod } from '../credentials.ts'
import { importErrors } from '../errors.ts'
import type { ImportOutcome, ImportRunner } from '../import-runner.ts'
import type { ImportJobsRepository } from '../repositories/import-jobs-repository.ts'
import {
  DUPLICATE_EMAIL_REASON,
  NOT_CONFIRMED_REASON,
  setPasswordLinksAvailable,
} from '../upstream-batches.ts'
import { answer } from './import-answers.ts'
import { jobOriginOf, type ImportAudit } from '../import-audit.ts'
import { importJobRoutes } from './import-job-routes.ts'
import { earlierAnswer, idempotencyOf } from './import-replays.ts'

export interface ImportRoutesOptions {
  repository: ImportJobsRepository
  runner: ImportRunner
  /** A JSON answer not ready by then sends its headers, then a space this often until it is (decision 013). */
  keepAliveMs: number
  /** `IMPORT_PASSWORD_FORMAT`: how generated first passwords are made. */
  passwordFormat: ImportPasswordFormat
  /** Asked whether set-password links can be mailed. */
  auth: ServiceClient
  /** Records each import this process ran once it ends (docs/decisions/059-audit-log.md). */
  audit: ImportAudit
}

/**
 * The import calls (docs/requirements.md section 7): DISC and Prevue CSV, the Single User form, and the
 * jobs (import-job-routes.ts). The CSV imports answer as server-sent events when asked
 * (`Accept: text/event-stream`), else as JSON (import-answers.ts).
 */
export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  // apiRouteOptions carries the catalog's body limit of the CSV routes (IMPORT_BODY_LIMIT_BYTES).
  routes.post(api.importDisc.path, apiRouteOptions(api.importDisc), (request, reply) =>
    importCsv(options, 'disc', request, reply),
  )
  routes.post(api.importPrevue.path, apiRouteOptions(api.importPrevue), (request, reply) =>
    importCsv(options, 'prevue', request, reply),
  )
  routes.post(api.importSingle.path, apiRouteOptions(api.importSingle), (request, reply) =>
    importSingle(options, request, request.body, reply),
  )
  await importJobRoutes(app, options)
}

/** The method of a new job; links only where auth can mail them. */
async function credentialsFor(
  options: ImportRoutesOptions,
  choice: FirstPassword | undefined,
): Promise<CredentialMethod> {
  const method = credentialMethodOf(choice, options.passwordFormat)
  if (method === 'link' && !(await setPasswordLinksAvailable(options.auth)))
    throw importErrors.linksUnavailable()
  return method
}

/** A DISC or Prevue file: a job over its rows, answered as it runs. */
export async function importCsv(
  options: ImportRoutesOptions,
  format: ImportFormat,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { runner, keepAliveMs } = options
  const { csvText, firstPassword } = request.body as { csvText: string; firstPassword?: FirstPassword }
  // The choice is part of the request: the same key with the other choice is another request (422).
  const idempotency = idempotencyOf(request, firstPassword === 'link' ? `link\n${csvText}` : csvText)
  const earlier = await earlierAnswer(options, idempotency)
  if (earlier) return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), earlier, keepAliveMs)

  const credentials = await credentialsFor(options, firstPassword)
  const file = readImportFile(format, csvText, { specPasswords: credentials === 'spec' })
  if (!file.ok)
    throw file.reason === 'header'
      ? importErrors.badHeader(file.message)
      : importErrors.emptyInput(file.message)
  const notes = file.ignoredColumns.length > 0 ? [`Columns ignored: ${listOf(file.ignoredColumns)}`] : []
  try {
    const { job, live } = await runner.start({
      kind: format,
      credentials,
      createdBy: userOf(request).userId,
      origin: jobOriginOf(request),
      totalRecords: file.totalRows,
      rows: file.rows(),
      notes,
      ...(idempotency ? { idempotency } : {}),
    })
    options.audit.whenDone(job, live)
    return answer(request, reply, { live }, keepAliveMs)
  } catch (error) {
    // The same key arrived twice at once: the second answers from the first's job.
    if (!(error instanceof DuplicateKeyError) || !idempotency) throw error
    const raced = await earlierAnswer(options, idempotency)
    if (!raced) throw error
    return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), raced, keepAliveMs)
  }
}

const singleColumns = new Map<string, number>(DISC_IMPORT_COLUMNS.map((column, index) => [column, index]))

/** The Single User form as one DISC row, under the same rules as a file's. */
function singleRow(body: SingleImportRequest, passwordFormat: ImportPasswordFormat): ImportRowOutcome {
  const scores = [body.dScore, body.iScore, body.sScore, body.cScore].map(String)
  return importRow(
    'disc',
    singleColumns,
    DISC_IMPORT_COLUMNS.length,
    { fields: [body.firstName, body.lastName, body.email, ...scores], line: 1 },
    { specPasswords: credentialMethodOf(body.firstPassword, passwordFormat) === 'spec' },
  )
}

/** The Single User form: a job of one row, answered when it ends, its failure as an error. */
export async function importSingle(
  options: ImportRoutesOptions,
  request: FastifyRequest,
  body: SingleImportRequest,
  reply: FastifyReply,
) {
  const idempotency = idempotencyOf(
    request,
    JSON.stringify([
      body.firstName,
      body.lastName,
      body.email,
      body.dScore,
      body.iScore,
      body.sScore,
      body.cScore,
      ...(body.firstPassword === 'link' ? ['link'] : []),
    ]),
  )
  let job = await earlierAnswer(options, idempotency)
  if (job) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true')
  else {
    const outcome = singleRow(body, options.passwordFormat)
    if (!outcome.ok) throw importErrors.invalidPerson(outcome.reason)
    const credentials = await credentialsFor(options, body.firstPassword)
    const started = await options.runner.start({
      kind: 'single',
      credentials,
      createdBy: userOf(request).userId,
      origin: jobOriginOf(request),
      totalRecords: 1,
      rows: [outcome],
      ...(idempotency ? { idempotency } : {}),
    })
    options.audit.whenDone(started.job, started.live)
    job = { live: started.live }
  }
  const result = 'result' in job ? job.result : resultOrThrow(await job.live.done)
  const row = result.report[0]
  if (row?.status === 'failed') {
    const reason = row.reason ?? 'Failed to create user'
    if (reason === DUPLICATE_EMAIL_REASON) throw importErrors.duplicateEmail(reason)
    if (reason === NOT_CONFIRMED_REASON) throw importErrors.notImported(reason)
    throw importErrors.invalidPerson(reason)
  }
  return {
    ...result,
    message: result.successfulRecords === 1 ? 'User successfully imported' : result.message,
  }
}

function resultOrThrow(outcome: ImportOutcome): ImportResult {
  if ('error' in outcome) throw outcome.error satisfies AppError
  return outcome.result
}
