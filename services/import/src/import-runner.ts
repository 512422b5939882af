import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type {
  ImportKind,
  ImportProgress,
  ImportResult,
  ImportRowReport,
  ImportStreamEvent,
  ImportedUser,
} from '@app/contracts/imports'
import type { ImportPerson, ImportRowOutcome } from '@app/domain/import-rows'
import { AppError } from '@app/kit/errors'
import type { ServiceClient } from '@app/kit/service-client'
import { importStopped, interruptedMessage, resultMessage } from './import-messages.ts'
import { jobPasswords, recoveryNote, type CredentialMethod, type JobPasswords } from './credentials.ts'
import {
  reportOf,
  type ImportJobsRepository,
  type JobDocument,
  type StoredJob,
  type StoredRow,
} from './repositories/import-jobs-repository.ts'
import {
  codeOf,
  NOT_CONFIRMED_REASON,
  settleRows,
  UpstreamUnavailable,
  type Upstream,
} from './upstream-batches.ts'

export { DUPLICATE_EMAIL_REASON, NOT_CONFIRMED_REASON } from './upstream-batches.ts'

export interface ImportRunnerOptions {
  repository: ImportJobsRepository
  auth: ServiceClient
  profiles: ServiceClient
  log: FastifyBaseLogger
  /** Rows per internal call: enough hashes per batch to keep every core busy, 2 or more batches in flight. */
  batchSize: number
  batchesInFlight: number
  /** How often a running job records that its process is alive. */
  heartbeatMs: number
  /** This process, as the owner of the jobs it runs. */
  instanceId: string
  /** Pauses before the further attempts at a batch whose service did not answer. */
  retryDelaysMs: readonly number[]
}

export type ImportOutcome = { result: ImportResult } | { error: AppError }

/** A job running in this process: its progress so far, who listens, and how it ends. */
export interface LiveJob {
  readonly jobId: string
  progress(): ImportProgress
  /** Calls `listener` with each later event; a job that has ended gives its last event at once. */
  subscribe(listener: (event: ImportStreamEvent) => void): () => void
  readonly done: Promise<ImportOutcome>
}

/**
 * Runs import jobs (decision record 013). Rows are read lazily and sent in batches of `batchSize`, a few
 * batches at a time. Before a batch is sent its rows are stored `pending` with what a restart needs to send
 * them again (names, e-mail, scores, never a password); after auth and profiles answer they become
 * imported or failed. Each row goes under the import key `<jobId>:<row>`, so sending it again creates
 * nothing twice.
 */
export function createImportRunner(options: ImportRunnerOptions) {
  const { repository, auth, profiles, log, batchSize, batchesInFlight } = options
  const live = new Map<string, LiveJob>()
  const running = new Set<Promise<unknown>>()
  let stopping = false

  const upstream: Upstream = {
    auth,
    profiles,
    log,
    retryDelaysMs: options.retryDelaysMs,
    stopping: () => stopping,
  }
  const settle = (job: StoredJob, rows: StoredRow[], passwords: JobPasswords) =>
    settleRows(upstream, { id: job.id, credentials: credentialsOf(job) }, rows, passwords)

  /** Done rows keep what a replay needs (names for the password) but drop their scores. */
  const finished = (row: StoredRow): StoredRow => {
    const { disc: _disc, primaryType: _type, prevue: _prevue, ...rest } = row
    return rest
  }

  function pendingRow(person: ImportPerson): StoredRow {
    return {
      row: person.row,
      name: person.name,
      email: person.email,
      status: 'pending',
      firstName: person.firstName,
      lastName: person.lastName,
      disc: person.disc,
      primaryType: person.primaryType,
      prevue: person.prevue,
    }
  }

  /** Starts a job over rows read lazily; the job runs on whether or not anyone waits for it. */
  async function start(input: {
    kind: ImportKind
    credentials: CredentialMethod
    createdBy: number
    totalRecords: number
    rows: Iterable<ImportRowOutcome>
    notes?: string[]
    idempotency?: { key: string; fingerprint: string }
  }): Promise<{ job: StoredJob; live: LiveJob }> {
    const now = new Date()
    const job = await repository.createJob({
      kind: input.kind,
      credentials: input.credentials,
      status: 'running',
      message: `Importing ${input.totalRecords} ${input.totalRecords === 1 ? 'row' : 'rows'}`,
      createdBy: input.createdBy,
      createdAt: now.toISOString(),
      finishedAt: null,
      totalRecords: input.totalRecords,
      processedRecords: 0,
      successfulRecords: 0,
      failedRecords: 0,
      owner: options.instanceId,
      heartbeatAt: now,
      ...(input.idempotency
        ? { idempotencyKey: input.idempotency.key, fingerprint: input.idempotency.fingerprint }
        : {}),
    })
    const passwords = jobPasswords({ kind: job.kind, credentials: input.credentials })
    const counters = { processedRecords: 0, successfulRecords: 0, failedRecords: 0 }
    const report: ImportRowReport[] = []
    const importedUsers: Array<{ row: number; user: ImportedUser }> = []
    const listeners = new Set<(event: ImportStreamEvent) => void>()
    let lastEvent: ImportStreamEvent | null = null
    const progress = (): ImportProgress => ({ jobId: job.id, totalRecords: job.totalRecords, ...counters })
    const emit = (event: ImportStreamEvent) => {
      if (event.type !== 'progress') lastEvent = event
      for (const listener of [...listeners]) listener(event)
    }
    let lastProgressAt = 0
    const emitProgress = (force: boolean) => {
      const at = Date.now()
      if (!force && at - lastProgressAt < 200) return
      lastProgressAt = at
      emit({ type: 'progress', progress: progress() })
    }
    const account = (rows: StoredRow[]) => {
      for (const row of rows) {
        counters.processedRecords += 1
        if (row.status === 'imported') {
          counters.successfulRecords += 1
          importedUsers.push({ row: row.row, user: passwords.shown(row) })
        } else counters.failedRecords += 1
        report.push(reportOf(row))
      }
    }
    const heartbeat = setInterval(() => {
      repository
        .updateJob(job.id, { heartbeatAt: new Date(), ...counters }, { owner: options.instanceId })
        .catch((error: unknown) =>
          log.warn({ jobId: job.id, code: codeOf(error) }, 'import heartbeat failed'),
        )
    }, options.heartbeatMs)
    heartbeat.unref()

    async function run(): Promise<ImportOutcome> {
      let failedRows: StoredRow[] = []
      const flushFailed = async () => {
        if (failedRows.length === 0) return
        const rows = failedRows
        failedRows = []
        await repository.insertChunk(job.id, rows, false)
      }
      let outage: string | null = null
      const inFlight = new Set<Promise<void>>()
      const unconfirmed: Array<{ chunkId: string; rows: StoredRow[] }> = []

      const sendBatch = async (persons: ImportPerson[]) => {
        const rows = persons.map(pendingRow)
        const chunkId = await repository.insertChunk(job.id, rows, true)
        try {
          const settled = (await settle(job, rows, passwords)).map(finished)
          await repository.completeChunk(chunkId, settled)
          account(settled)
          emitProgress(true)
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error
          // Left pending: either tried once more below, or sent again by the next start (stopping).
          outage ??= error.message
          unconfirmed.push({ chunkId, rows })
        }
      }
      // The first fault of ours in any batch ends the job; batches never reject, so none is lost unseen.
      let fault: unknown = null
      const dispatch = async (persons: ImportPerson[]) => {
        while (inFlight.size >= batchesInFlight) await Promise.race(inFlight)
        // A batch read while the job was ending is not sent: its rows count as not reached.
        if (stopping || outage || fault) return
        const sending: Promise<void> = sendBatch(persons)
          .catch((error: unknown) => {
            fault ??= error
          })
          .finally(() => inFlight.delete(sending))
        inFlight.add(sending)
      }

      let batch: ImportPerson[] = []
      let read = 0
      for (const outcome of input.rows) {
        if (stopping || outage || fault) break
        read += 1
        if (read % 256 === 0) await yieldToEventLoop()
        if (!outcome.ok) {
          const row: StoredRow = {
            row: outcome.row,
            name: outcome.name,
            email: outcome.email,
            status: 'failed',
            reason: outcome.reason,
          }
          failedRows.push(row)
          account([row])
          if (failedRows.length >= 1000) await flushFailed()
          emitProgress(false)
          continue
        }
        batch.push(outcome.person)
        if (batch.length >= batchSize) {
          await dispatch(batch)
          batch = []
        }
      }
      if (batch.length > 0 && !stopping && !outage && !fault) await dispatch(batch)
      await Promise.all(inFlight)
      if (fault) throw fault
      await flushFailed()
      if (stopping) return { error: importStopped() }

      if (outage) {
        // One last try after a pause; rows still unanswered are reported as not confirmed.
        for (const { chunkId, rows } of unconfirmed) {
          let settled: StoredRow[]
          try {
            settled = (await settle(job, rows, passwords)).map(finished)
          } catch (error) {
            if (!(error instanceof UpstreamUnavailable) || stopping) throw error
            settled = rows.map((row) => finished({ ...row, status: 'failed', reason: NOT_CONFIRMED_REASON }))
          }
          await repository.completeChunk(chunkId, settled)
          account(settled)
        }
        const message = interruptedMessage(`The import stopped because ${outage}`, {
          totalRecords: job.totalRecords,
          ...counters,
        })
        await finish('interrupted', message)
        return { result: resultNow(message) }
      }
      const message = resultMessage({ totalRecords: job.totalRecords, ...counters }, input.notes)
      await finish('completed', message)
      return { result: resultNow(message) }
    }

    const resultNow = (message: string): ImportResult => ({
      jobId: job.id,
      message,
      totalRecords: job.totalRecords,
      successfulRecords: counters.successfulRecords,
      failedRecords: counters.failedRecords,
      importedUsers: importedUsers.sort((a, b) => a.row - b.row).map(({ user }) => user),
      report: report.sort((a, b) => a.row - b.row),
    })
    const finish = async (status: 'completed' | 'interrupted', message: string) => {
      await repository.updateJob(job.id, {
        status,
        message,
        ...counters,
        finishedAt: new Date().toISOString(),
        heartbeatAt: new Date(),
      })
      log.info(
        { event: 'import_finished', jobId: job.id, kind: job.kind, status, ...counters },
        'import finished',
      )
    }

    const done = run()
      .catch((error: unknown): ImportOutcome => {
        // A fault of ours (the store failed): the job stays `running`, so a restart finishes it.
        log.error({ event: 'import_failed', jobId: job.id, err: error }, 'import failed')
        // Released, so this process's own sweep finishes it once its heartbeat is stale.
        void repository.updateJob(job.id, { owner: 'released' }).catch(() => undefined)
        return { error: error instanceof AppError && error.statusCode < 500 ? error : importStopped() }
      })
      .then((outcome) => {
        clearInterval(heartbeat)
        live.delete(job.id)
        emit(
          'result' in outcome
            ? { type: 'result', result: outcome.result }
            : { type: 'error', message: outcome.error.message, code: outcome.error.code },
        )
        listeners.clear()
        return outcome
      })
    running.add(done)
    void done.finally(() => running.delete(done))

    const handle: LiveJob = {
      jobId: job.id,
      progress,
      subscribe(listener) {
        if (lastEvent) {
          listener(lastEvent)
          return () => undefined
        }
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      done,
    }
    live.set(job.id, handle)
    log.info(
      { event: 'import_started', jobId: job.id, kind: job.kind, rows: job.totalRecords },
      'import started',
    )
    return { job, live: handle }
  }

  /**
   * Finishes a job whose process died (decision record 013): its pending rows are sent again under their
   * import keys (auth answers `existing` for accounts it already made), then the job is `interrupted`
   * with a message saying how many rows were not reached. Returns false when a service did not answer:
   * the rows stay pending for the next sweep.
   */
  async function recover(job: StoredJob): Promise<boolean> {
    // A fresh set: random passwords made now are never shown, and the message says so.
    const passwords = jobPasswords({ kind: job.kind, credentials: credentialsOf(job) })
    for (const chunk of await repository.pendingChunks(job.id)) {
      let settled: StoredRow[]
      try {
        settled = (await settle(job, chunk.rows, passwords)).map(finished)
      } catch (error) {
        if (error instanceof UpstreamUnavailable) return false
        throw error
      }
      await repository.completeChunk(chunk.id, settled)
    }
    const rows = await repository.rowsOf(job.id)
    const counters = {
      processedRecords: rows.length,
      successfulRecords: rows.filter((row) => row.status === 'imported').length,
      failedRecords: rows.filter((row) => row.status === 'failed').length,
    }
    const message =
      interruptedMessage('The import was interrupted when the import service stopped', {
        totalRecords: job.totalRecords,
        ...counters,
      }) + recoveryNote(credentialsOf(job))
    await repository.updateJob(job.id, {
      status: 'interrupted',
      message,
      ...counters,
      finishedAt: new Date().toISOString(),
    })
    log.info({ event: 'import_recovered', jobId: job.id, ...counters }, 'interrupted import finished')
    return true
  }

  return {
    start,
    recover,
    /** The job if it runs in this process. */
    liveJob(jobId: string): LiveJob | null {
      return live.get(jobId) ?? null
    },
    /** Stops taking rows and waits for the batches in flight; their jobs stay `running` for the next start. */
    async stop(): Promise<void> {
      stopping = true
      await Promise.allSettled([...running])
    },
  }
}

export type ImportRunner = ReturnType<typeof createImportRunner>

/** Jobs from before the choice existed were made with the spec's formula. */
export const credentialsOf = (job: Pick<JobDocument, 'credentials'>): CredentialMethod =>
  job.credentials ?? 'spec'
