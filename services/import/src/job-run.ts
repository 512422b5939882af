import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { ImportPerson, ImportRowOutcome } from '@app/domain/import-rows'
import { credentialsOf, type JobPasswords } from './credentials.ts'
import { importStopped, interruptedMessage, resultMessage } from './import-messages.ts'
import type { ImportOutcome, JobTally } from './live-job.ts'
import type { ImportJobsRepository, StoredJob, StoredRow } from './repositories/import-jobs-repository.ts'
import { NOT_CONFIRMED_REASON, settleRows, UpstreamUnavailable, type Upstream } from './upstream-batches.ts'

/** Everything one running job works with. */
export interface JobRun {
  job: StoredJob
  repository: ImportJobsRepository
  upstream: Upstream
  passwords: JobPasswords
  tally: JobTally
  log: FastifyBaseLogger
  /** Rows per internal call, and how many such calls at once. */
  batchSize: number
  batchesInFlight: number
}

/** Failed rows of the file are stored this many at a time. */
const FAILED_ROWS_PER_WRITE = 1000
/** The reading loop lets other requests in this often (rows). */
const ROWS_PER_TURN = 256

/** A pending row: what a restart needs to send it again (names, e-mail, scores, never a password). */
export function pendingRow(person: ImportPerson): StoredRow {
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

/** Done rows keep what a replay needs (names for the password) but drop their scores. */
export function finishedRow(row: StoredRow): StoredRow {
  const { disc: _disc, primaryType: _type, prevue: _prevue, ...rest } = row
  return rest
}

/** Sends rows to auth and profiles under their import keys, answering them as they ended. */
export async function settleStored(
  upstream: Upstream,
  job: StoredJob,
  rows: StoredRow[],
  passwords: JobPasswords,
): Promise<StoredRow[]> {
  const settled = await settleRows(upstream, { id: job.id, credentials: credentialsOf(job) }, rows, passwords)
  return settled.map(finishedRow)
}

/**
 * Reads the rows lazily and sends them in batches, a few at a time (decision record 013). Before a batch
 * is sent its rows are stored `pending`; after auth and profiles answer they become imported or failed.
 * A batch whose service did not answer is kept to try once more at the end; the first fault of ours ends
 * the reading, and is thrown once every batch in flight has ended.
 */
export class BatchSender {
  /** Why a service did not answer, once one did not. */
  outage: string | null = null
  /** Batches left pending by an outage. */
  readonly unconfirmed: Array<{ chunkId: string; rows: StoredRow[] }> = []
  private fault: unknown = null
  private failedRows: StoredRow[] = []
  private readonly inFlight = new Set<Promise<void>>()

  constructor(private readonly run: JobRun) {}

  /** False once the job stops taking rows: the process stops, a service did not answer, or a fault. */
  get open(): boolean {
    return !this.run.upstream.stopping() && !this.outage && !this.fault
  }

  /** A row the file already refused: stored with others, counted at once. */
  async refuse(row: StoredRow): Promise<void> {
    this.failedRows.push(row)
    this.run.tally.account([row])
    if (this.failedRows.length >= FAILED_ROWS_PER_WRITE) await this.flushRefused()
    this.run.tally.emitProgress(false)
  }

  /** Sends a batch once fewer than `batchesInFlight` are out; a batch read while the job was ending is not sent. */
  async dispatch(persons: ImportPerson[]): Promise<void> {
    while (this.inFlight.size >= this.run.batchesInFlight) await Promise.race(this.inFlight)
    if (!this.open) return
    const sending: Promise<void> = this.send(persons)
      .catch((error: unknown) => {
        this.fault ??= error
      })
      .finally(() => this.inFlight.delete(sending))
    this.inFlight.add(sending)
  }

  /** Waits for every batch out, stores the refused rows, and throws the first fault of ours. */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight)
    if (this.fault) throw this.fault
    await this.flushRefused()
  }

  private async send(persons: ImportPerson[]): Promise<void> {
    const { job, repository, upstream, passwords, tally } = this.run
    const rows = persons.map(pendingRow)
    const chunkId = await repository.insertChunk(job.id, rows, true)
    try {
      const settled = await settleStored(upstream, job, rows, passwords)
      await repository.completeChunk(chunkId, settled)
      tally.account(settled)
      tally.emitProgress(true)
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error
      // Left pending: either tried once more at the end, or sent again by the next start (stopping).
      this.outage ??= error.message
      this.unconfirmed.push({ chunkId, rows })
    }
  }

  private async flushRefused(): Promise<void> {
    if (this.failedRows.length === 0) return
    const rows = this.failedRows
    this.failedRows = []
    await this.run.repository.insertChunk(this.run.job.id, rows, false)
  }
}

/** Runs a job to its end: every row read and sent, then the job finished with its message. */
export async function runJob(
  run: JobRun,
  rows: Iterable<ImportRowOutcome>,
  notes?: string[],
): Promise<ImportOutcome> {
  const sender = new BatchSender(run)
  let batch: ImportPerson[] = []
  let read = 0
  for (const outcome of rows) {
    if (!sender.open) break
    read += 1
    if (read % ROWS_PER_TURN === 0) await yieldToEventLoop()
    if (!outcome.ok) {
      const { row, name, email, reason } = outcome
      await sender.refuse({ row, name, email, status: 'failed', reason })
      continue
    }
    batch.push(outcome.person)
    if (batch.length >= run.batchSize) {
      await sender.dispatch(batch)
      batch = []
    }
  }
  if (batch.length > 0 && sender.open) await sender.dispatch(batch)
  await sender.drain()
  if (run.upstream.stopping()) return { error: importStopped() }
  const totals = () => ({ totalRecords: run.job.totalRecords, ...run.tally.counters })

  if (sender.outage) {
    await settleUnconfirmed(run, sender.unconfirmed)
    const message = interruptedMessage(`The import stopped because ${sender.outage}`, totals())
    await finishJob(run, 'interrupted', message)
    return { result: run.tally.result(message) }
  }
  const message = resultMessage(totals(), notes)
  await finishJob(run, 'completed', message)
  return { result: run.tally.result(message) }
}

/** One last try after an outage; rows still unanswered are reported as not confirmed. */
async function settleUnconfirmed(run: JobRun, unconfirmed: BatchSender['unconfirmed']): Promise<void> {
  for (const { chunkId, rows } of unconfirmed) {
    let settled: StoredRow[]
    try {
      settled = await settleStored(run.upstream, run.job, rows, run.passwords)
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable) || run.upstream.stopping()) throw error
      settled = rows.map((row) => finishedRow({ ...row, status: 'failed', reason: NOT_CONFIRMED_REASON }))
    }
    await run.repository.completeChunk(chunkId, settled)
    run.tally.account(settled)
  }
}

async function finishJob(run: JobRun, status: 'completed' | 'interrupted', message: string): Promise<void> {
  const { job, tally } = run
  await run.repository.updateJob(job.id, {
    status,
    message,
    ...tally.counters,
    finishedAt: new Date().toISOString(),
    heartbeatAt: new Date(),
  })
  run.log.info(
    { event: 'import_finished', jobId: job.id, kind: job.kind, status, ...tally.counters },
    'import finished',
  )
}
