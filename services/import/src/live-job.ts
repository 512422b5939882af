import type {
  ImportProgress,
  ImportResult,
  ImportRowReport,
  ImportStreamEvent,
  ImportedUser,
} from '@app/contracts/imports'
import type { AppError } from '@app/kit/errors'
import type { JobPasswords } from './credentials.ts'
import { reportOf, type StoredJob, type StoredRow } from './repositories/import-jobs-repository.ts'

export type ImportOutcome = { result: ImportResult } | { error: AppError }

/** A job running in this process: its progress so far, who listens, and how it ends. */
export interface LiveJob {
  readonly jobId: string
  progress(): ImportProgress
  /** Calls `listener` with each later event; a job that has ended gives its last event at once. */
  subscribe(listener: (event: ImportStreamEvent) => void): () => void
  readonly done: Promise<ImportOutcome>
}

export type ImportCounters = Pick<ImportProgress, 'processedRecords' | 'successfulRecords' | 'failedRecords'>

/** Progress events between batches (failed rows read from the file) come at most this often. */
export const PROGRESS_INTERVAL_MS = 200

/**
 * What a running job has counted, the rows it will answer with, and who listens to it. The answer's
 * passwords are kept here in memory only (docs/decisions/024-random-first-passwords.md).
 */
export class JobTally {
  readonly counters: ImportCounters = { processedRecords: 0, successfulRecords: 0, failedRecords: 0 }
  private readonly report: ImportRowReport[] = []
  private readonly importedUsers: Array<{ row: number; user: ImportedUser }> = []
  private readonly listeners = new Set<(event: ImportStreamEvent) => void>()
  private lastEvent: ImportStreamEvent | null = null
  private lastProgressAt = 0

  constructor(
    readonly job: Pick<StoredJob, 'id' | 'totalRecords'>,
    private readonly passwords: JobPasswords,
    private readonly now: () => number = Date.now,
  ) {}

  progress(): ImportProgress {
    return { jobId: this.job.id, totalRecords: this.job.totalRecords, ...this.counters }
  }

  /** Counts rows that ended, and keeps what the answer shows of them. */
  account(rows: readonly StoredRow[]): void {
    for (const row of rows) {
      this.counters.processedRecords += 1
      if (row.status === 'imported') {
        this.counters.successfulRecords += 1
        this.importedUsers.push({ row: row.row, user: this.passwords.shown(row) })
      } else this.counters.failedRecords += 1
      this.report.push(reportOf(row))
    }
  }

  /** A progress event; unless `force`d (a batch ended), at most one per PROGRESS_INTERVAL_MS. */
  emitProgress(force: boolean): void {
    const at = this.now()
    if (!force && at - this.lastProgressAt < PROGRESS_INTERVAL_MS) return
    this.lastProgressAt = at
    this.emit({ type: 'progress', progress: this.progress() })
  }

  subscribe(listener: (event: ImportStreamEvent) => void): () => void {
    if (this.lastEvent) {
      listener(this.lastEvent)
      return () => undefined
    }
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The answer as it stands, in row order. */
  result(message: string): ImportResult {
    return {
      jobId: this.job.id,
      message,
      totalRecords: this.job.totalRecords,
      successfulRecords: this.counters.successfulRecords,
      failedRecords: this.counters.failedRecords,
      importedUsers: this.importedUsers.sort((a, b) => a.row - b.row).map(({ user }) => user),
      report: this.report.sort((a, b) => a.row - b.row),
    }
  }

  /** Tells every listener how the job ended; a later subscriber hears it at once. */
  end(outcome: ImportOutcome): void {
    this.emit(
      'result' in outcome
        ? { type: 'result', result: outcome.result }
        : { type: 'error', message: outcome.error.message, code: outcome.error.code },
    )
    this.listeners.clear()
  }

  private emit(event: ImportStreamEvent): void {
    if (event.type !== 'progress') this.lastEvent = event
    for (const listener of [...this.listeners]) listener(event)
  }
}

/** The handle of a job that runs here, over its tally. */
export function liveJobOf(tally: JobTally, done: Promise<ImportOutcome>): LiveJob {
  return {
    jobId: tally.job.id,
    progress: () => tally.progress(),
    subscribe: (listener) => tally.subscribe(listener),
    done,
  }
}
