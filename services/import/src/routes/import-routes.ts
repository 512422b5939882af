import { createHash } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import type { ImportJob, ImportResult, ImportStreamEvent } from '@app/contracts/imports'
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
import { importErrors } from '../errors.ts'
import {
  DUPLICATE_EMAIL_REASON,
  NOT_CONFIRMED_REASON,
  passwordOf,
  type ImportOutcome,
  type ImportRunner,
  type LiveJob,
} from '../import-runner.ts'
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
  /** False when the app has no clients of auth and profiles: imports are refused with 503. */
  connected: boolean
}

/** The newest jobs `GET /api/admin/imports` lists. */
const LISTED_JOBS = 200

const frame = (event: ImportStreamEvent) => `data: ${JSON.stringify(event)}\n\n`
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/** An answer from a job: one running here (followed live), or one that has ended (rebuilt from the store). */
type JobAnswer = { live: LiveJob } | { result: ImportResult }

/**
 * The import calls (spec section 7): DISC and Prevue CSV, the Single User form, and the jobs. The CSV
 * imports answer as server-sent events when asked (`Accept: text/event-stream`), else as JSON.
 */
export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions) {
  const { repository, runner, keepAliveMs, connected } = options
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

  /** A finished job's answer again: passwords are derived from the stored names, as when it ran. */
  async function storedResult(job: StoredJob): Promise<ImportResult> {
    const rows = await repository.rowsOf(job.id)
    return {
      jobId: job.id,
      message: job.message,
      totalRecords: job.totalRecords,
      successfulRecords: job.successfulRecords,
      failedRecords: job.failedRecords,
      importedUsers: rows
        .filter((row) => row.status === 'imported')
        .map((row) => ({ name: row.name, email: row.email, password: passwordOf(job.kind, row) })),
      report: rows.map(reportOf),
    }
  }

  /** The first job under this key, if a request with it came first. */
  async function earlierAnswer(idempotency: { key: string; fingerprint: string } | null) {
    if (!idempotency) return null
    const job = await repository.findJobByIdempotencyKey(idempotency.key)
    return job ? replayOf(job, idempotency.fingerprint) : null
  }

  async function importCsv(format: ImportFormat, request: FastifyRequest, reply: FastifyReply) {
    const { csvText } = request.body as { csvText: string }
    const identity = userOf(request)
    const idempotency = idempotencyOf(request, csvText)
    const earlier = await earlierAnswer(idempotency)
    if (earlier) return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), earlier)

    if (!connected) throw importErrors.unavailable()
    const file = readImportFile(format, csvText)
    if (!file.ok)
      throw file.reason === 'header'
        ? importErrors.badHeader(file.message)
        : importErrors.emptyInput(file.message)
    const notes = file.ignoredColumns.length > 0 ? [`Columns ignored: ${listOf(file.ignoredColumns)}`] : []
    try {
      const { live } = await runner.start({
        kind: format,
        createdBy: identity.userId,
        totalRecords: file.totalRows,
        rows: file.rows(),
        notes,
        ...(idempotency ? { idempotency } : {}),
      })
      return answer(request, reply, { live })
    } catch (error) {
      // The same key arrived twice at once: the second answers from the first's job.
      if (!(error instanceof DuplicateKeyError) || !idempotency) throw error
      const raced = await earlierAnswer(idempotency)
      if (!raced) throw error
      return answer(request, reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), raced)
    }
  }

  function answer(request: FastifyRequest, reply: FastifyReply, job: JobAnswer) {
    const accept = request.headers.accept ?? ''
    return accept.includes('text/event-stream') ? answerEvents(reply, job) : answerJson(reply, job)
  }

  /** Server-sent events: progress at once, then as batches end, then the result (or an error). */
  function answerEvents(reply: FastifyReply, job: JobAnswer) {
    const stream = new PassThrough()
    // The job runs on when the page goes away; writes to a closed answer are dropped.
    stream.on('error', () => undefined)
    const write = (text: string) => {
      if (!stream.destroyed && !stream.writableEnded) stream.write(text)
    }
    if ('result' in job) {
      const { result } = job
      const { jobId, totalRecords, successfulRecords, failedRecords } = result
      write(
        frame({
          type: 'progress',
          progress: {
            jobId,
            totalRecords,
            processedRecords: successfulRecords + failedRecords,
            successfulRecords,
            failedRecords,
          },
        }),
      )
      stream.end(frame({ type: 'result', result }))
    } else {
      write(frame({ type: 'progress', progress: job.live.progress() }))
      // A comment line while a batch waits on a slow service, so no proxy's idle timeout cuts the stream.
      const beat = setInterval(() => write(': keep-alive\n\n'), keepAliveMs)
      const unsubscribe = job.live.subscribe((event) => {
        write(frame(event))
        if (event.type !== 'progress' && !stream.writableEnded) {
          clearInterval(beat)
          stream.end()
        }
      })
      onGone(reply, () => {
        clearInterval(beat)
        unsubscribe()
        stream.destroy()
      })
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream)
  }

  /**
   * JSON. A job that ends soon answers as usual; a longer one sends its 200 headers and then a space every
   * `keepAliveMs` (JSON allows leading white space), so no proxy's header timeout cuts a long import.
   */
  async function answerJson(reply: FastifyReply, job: JobAnswer) {
    if ('result' in job) return reply.send(job.result)
    let timer: NodeJS.Timeout | undefined
    const early = await Promise.race([
      job.live.done,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), keepAliveMs)
      }),
    ])
    clearTimeout(timer)
    if (early) {
      if ('error' in early) throw early.error
      return reply.send(early.result)
    }
    const stream = new PassThrough()
    stream.on('error', () => undefined)
    const write = (text: string) => {
      if (!stream.destroyed && !stream.writableEnded) stream.write(text)
    }
    write(' ')
    const beat = setInterval(() => write(' '), keepAliveMs)
    onGone(reply, () => {
      clearInterval(beat)
      stream.destroy()
    })
    void job.live.done.then((outcome: ImportOutcome) => {
      clearInterval(beat)
      const body =
        'result' in outcome ? outcome.result : { message: outcome.error.message, code: outcome.error.code }
      if (!stream.destroyed && !stream.writableEnded) stream.end(JSON.stringify(body))
    })
    return reply.header('content-type', 'application/json; charset=utf-8').send(stream)
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
      ]),
    )
    let job = await earlierAnswer(idempotency)
    if (job) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true')
    else {
      const outcome = importRow('disc', singleColumns, DISC_IMPORT_COLUMNS.length, {
        fields: [
          body.firstName,
          body.lastName,
          body.email,
          ...[body.dScore, body.iScore, body.sScore, body.cScore].map(String),
        ],
        line: 1,
      })
      if (!outcome.ok) throw importErrors.invalidPerson(outcome.reason)
      if (!connected) throw importErrors.unavailable()
      const started = await runner.start({
        kind: 'single',
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

/**
 * Calls `gone` once when the caller goes away: the answer closes, or the caller's side of the connection
 * ends (a half-closed socket would otherwise wait for an answer nobody reads). The job runs on.
 */
function onGone(reply: FastifyReply, gone: () => void) {
  const socket = reply.raw.socket
  let called = false
  const once = () => {
    // A kept-alive connection serves later requests: it keeps no listener of this one.
    socket?.off('end', once)
    if (called) return
    called = true
    gone()
    if (!reply.raw.writableFinished) reply.raw.destroy()
  }
  reply.raw.once('close', once)
  socket?.once('end', once)
}

function resultOrThrow(outcome: ImportOutcome): ImportResult {
  if ('error' in outcome) throw outcome.error satisfies AppError
  return outcome.result
}
