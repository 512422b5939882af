import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import type { FirstPassword, ImportJob, ImportResult } from '@app/contracts/imports'
import {
  DISC_IMPORT_COLUMNS,
  importRow,
  listOf,
  readImportFile,
  type ImportFormat,
} from '@app/domain/import-rows'
import { apiRouteOptions } from '@app/kit/api-route'
import type { AppError } from '@app/kit/errors'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, IdempotencyKeySchema } from '@app/kit/idempotency'
import { userOf } from '@app/kit/service'
import { DuplicateKeyError } from '@app/kit/store/port'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { ImportPasswordFormat } from '@app/domain/first-passwords'
import type { ServiceClient } from '@app/kit/service-client'
import { credentialMethodOf, jobPasswords, type CredentialMethod } from '../credentials.ts'
import { importErrors } from '../errors.ts'
import {
  credentialsOf,
  DUPLICATE_EMAIL_REASON,
  NOT_CONFIRMED_REASON,
  type ImportOutcome,
  type ImportRunner,
} from '../import-runner.ts'
import { setPasswordLinksAvailable } from '../upstream-batches.ts'
import { answer, type JobAnswer } from './import-answers.ts'
import {
  reportOf,
  type ImportJobsRepository,
  type StoredJob,
} from '../repositories/import-jobs-repository.ts'

export interface ImportRoutesOptions {
  repository: ImportJobsRepository
  runner: ImportRunner
  /** A JSON answer not ready by then sends its headers, then a space this often until it is (decision 013). */
  keepAliveMs: number
  /** `IMPORT_PASSWORD_FORMAT`: how generated first passwords are made. */
  passwordFormat: ImportPasswordFormat
  /** Asked whether set-password links can be mailed. */
  auth: ServiceClient
}

/** The newest jobs `GET /api/admin/imports` lists. */
const LISTED_JOBS = 200

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/**
 * The import calls (docs/requirements.md section 7): DISC and Prevue CSV, the Single User form, and the jobs. The CSV
 * imports answer as server-sent events when asked (`Accept: text/event-stream`), else as JSON.
 */
export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions) {
  const { repository, runner, keepAliveMs, passwordFormat } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  /**
   * `Idempotency-Key`, per administrator: the job remembers the key, so a repeat answers from the job
   * instead of importing again, and no answer (with its passwords) is ever stored.
   */
  function idempotencyOf(request: FastifyRequest, body: string) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER]
    if (header === undefined) return null
    const key = IdempotencyKeySchema.safeParse(header)
    if (!key.success) throw importErrors.invalidIdempotencyKey()
    return {
      key: `${userOf(request).userId}:${sha256(key.data)}`,
      fingerprint: sha256(`${request.routeOptions.url}\n${body}`),
    }
  }

  async function replayOf(job: StoredJob, fingerprint: string): Promise<JobAnswer> {
    if (job.fingerprint !== fingerprint) throw importErrors.idempotencyKeyReused()
    if (job.status === 'running') {
      const live = runner.liveJob(job.id)
      if (!live) throw importErrors.idempotencyKeyInUse()
      return { live }
    }
    return { result: await storedResult(job) }
  }

  /**
   * A finished job's answer again: the spec's passwords are derived from the stored names, as when it ran;
   * random ones were shown once and are gone (`credential: 'none'`); links say whether they went out.
   */
  async function storedResult(job: StoredJob): Promise<ImportResult> {
    const rows = await repository.rowsOf(job.id)
    const passwords = jobPasswords({ kind: job.kind, credentials: credentialsOf(job) })
    return {
      jobId: job.id,
      message: job.message,
      totalRecords: job.totalRecords,
      successfulRecords: job.successfulRecords,
      failedRecords: job.failedRecords,
      importedUsers: rows.filter((row) => row.status === 'imported').map((row) => passwords.shown(row)),
      report: rows.map(reportOf),
    }
  }

  /** The first job under this key, if a request with it came first. */
  async function earlierAnswer(idempotency: { key: string; fingerprint: string } | null) {
    if (!idempotency) return null
    const job = await repository.findJobByIdempotencyKey(idempotency.key)
    return job ? replayOf(job, idempotency.fingerprint) : null
  }

  /** The method of a new job; links only where auth can mail them. */
  async function credentialsFor(choice: FirstPassword | undefined): Promise<CredentialMethod> {
    const method = credentialMethodOf(choice, passwordFormat)
    if (method === 'link' && !(await setPasswordLinksAvailable(options.auth)))
      throw importErrors.linksUnavailable()
    return method
  }

  async function importCsv(format: ImportFormat, request: FastifyRequest, reply: FastifyReply) {
    const { csvText, firstPassword } = request.body as { csvText: string; firstPassword?: FirstPassword }
    const identity = userOf(request)
    // The choice is part of the request: the same key with the other choice is another request (422).
    const idempotency = idempotencyOf(request, firstPassword === 'link' ? `link\n${csvText}` : csvText)
    const earlier = await earlierAnswer(idempotency)
    if (earlier) return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), earlier, keepAliveMs)

    const credentials = await credentialsFor(firstPassword)
    const file = readImportFile(format, csvText, { specPasswords: credentials === 'spec' })
    if (!file.ok)
      throw file.reason === 'header'
        ? importErrors.badHeader(file.message)
        : importErrors.emptyInput(file.message)
    const notes = file.ignoredColumns.length > 0 ? [`Columns ignored: ${listOf(file.ignoredColumns)}`] : []
    try {
      const { live } = await runner.start({
        kind: format,
        credentials,
        createdBy: identity.userId,
        totalRecords: file.totalRows,
        rows: file.rows(),
        notes,
        ...(idempotency ? { idempotency } : {}),
      })
      return answer(request, reply, { live }, keepAliveMs)
    } catch (error) {
      // The same key arrived twice at once: the second answers from the first's job.
      if (!(error instanceof DuplicateKeyError) || !idempotency) throw error
      const raced = await earlierAnswer(idempotency)
      if (!raced) throw error
      return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), raced, keepAliveMs)
    }
  }

  // apiRouteOptions carries the catalog's body limit of the CSV routes (IMPORT_BODY_LIMIT_BYTES).
  routes.post(api.importDisc.path, apiRouteOptions(api.importDisc), (request, reply) =>
    importCsv('disc', request, reply),
  )
  routes.post(api.importPrevue.path, apiRouteOptions(api.importPrevue), (request, reply) =>
    importCsv('prevue', request, reply),
  )

  const singleColumns = new Map<string, number>(DISC_IMPORT_COLUMNS.map((column, index) => [column, index]))

  routes.post(api.importSingle.path, apiRouteOptions(api.importSingle), async (request, reply) => {
    const body = request.body
    const identity = userOf(request)
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
    let job = await earlierAnswer(idempotency)
    if (job) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true')
    else {
      const outcome = importRow(
        'disc',
        singleColumns,
        DISC_IMPORT_COLUMNS.length,
        {
          fields: [
            body.firstName,
            body.lastName,
            body.email,
            ...[body.dScore, body.iScore, body.sScore, body.cScore].map(String),
          ],
          line: 1,
        },
        { specPasswords: credentialMethodOf(body.firstPassword, passwordFormat) === 'spec' },
      )
      if (!outcome.ok) throw importErrors.invalidPerson(outcome.reason)
      const credentials = await credentialsFor(body.firstPassword)
      const started = await runner.start({
        kind: 'single',
        credentials,
        createdBy: identity.userId,
        totalRecords: 1,
        rows: [outcome],
        ...(idempotency ? { idempotency } : {}),
      })
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
  })

  function jobView(job: StoredJob): Omit<ImportJob, 'report'> {
    const live = job.status === 'running' ? runner.liveJob(job.id) : null
    const counters = live ? live.progress() : job
    return {
      id: job.id,
      kind: job.kind,
      status: job.status,
      message: job.message,
      createdBy: job.createdBy,
      createdAt: job.createdAt,
      finishedAt: job.finishedAt,
      totalRecords: job.totalRecords,
      processedRecords: counters.processedRecords,
      successfulRecords: counters.successfulRecords,
      failedRecords: counters.failedRecords,
    }
  }

  routes.get(api.importOptions.path, apiRouteOptions(api.importOptions), async () => {
    return { passwordFormat, setPasswordLinks: await setPasswordLinksAvailable(options.auth) }
  })

  routes.get(api.listImports.path, apiRouteOptions(api.listImports), async () =>
    (await repository.listJobs(LISTED_JOBS)).map(jobView),
  )

  routes.get(api.getImport.path, apiRouteOptions(api.getImport), async (request) => {
    const job = await repository.findJob(request.params.id)
    if (!job) throw importErrors.jobNotFound()
    const rows = await repository.rowsOf(job.id)
    return { ...jobView(job), report: rows.map(reportOf) }
  })
}

function resultOrThrow(outcome: ImportOutcome): ImportResult {
  if ('error' in outcome) throw outcome.error satisfies AppError
  return outcome.result
}
