import type { FastifyBaseLogger } from 'fastify'
import { credentialsOf, jobPasswords, recoveryNote } from './credentials.ts'
import type { ImportAudit } from './import-audit.ts'
import { interruptedMessage } from './import-messages.ts'
import type { ImportRunner } from './import-runner.ts'
import { settleStored } from './job-run.ts'
import type { ImportJobsRepository, StoredJob, StoredRow } from './repositories/import-jobs-repository.ts'
import { UpstreamUnavailable, type Upstream } from './upstream-batches.ts'

export interface RecoveryOptions {
  repository: ImportJobsRepository
  /** Its calls to auth and profiles, which stop retrying when the process stops. */
  runner: Pick<ImportRunner, 'upstream'>
  log: FastifyBaseLogger
  /** Records each job it finishes, as the job's own process would have. */
  audit: Pick<ImportAudit, 'recovered'>
  instanceId: string
  /** A running job whose heartbeat is older than this belongs to a process that died. */
  staleAfterMs: number
}

/**
 * Finds running jobs whose process stopped beating (decision record 013), takes each over with a
 * conditional update (so two replicas never finish the same job) and finishes it. A sweep already under
 * way is shared rather than started twice. Answers how many jobs it finished.
 */
export function createRecovery(options: RecoveryOptions) {
  let sweeping: Promise<number> | null = null
  return {
    sweep(): Promise<number> {
      sweeping ??= sweepOnce(options)
        .catch((error: unknown) => {
          options.log.warn(
            { event: 'import_recovery_failed', err: error },
            'recovering interrupted imports failed',
          )
          return 0
        })
        .finally(() => {
          sweeping = null
        })
      return sweeping
    },
    /** Waits for a sweep under way, if any (a clean stop). */
    async idle(): Promise<void> {
      await sweeping
    },
  }
}

export type Recovery = ReturnType<typeof createRecovery>

/** One pass: every stale job this process can claim, finished in turn. */
export async function sweepOnce(options: RecoveryOptions): Promise<number> {
  const { repository, instanceId } = options
  const now = new Date()
  const stale = await repository.staleJobs(instanceId, new Date(now.getTime() - options.staleAfterMs))
  let finished = 0
  for (const job of stale) {
    const claimed = await repository.claimJob(job, instanceId, now)
    if (!claimed) continue
    if (await recoverJob({ ...options, upstream: options.runner.upstream }, claimed)) finished += 1
    else {
      // A service did not answer: let the job go stale again, for the next sweep.
      await repository.updateJob(claimed.id, { owner: 'released', heartbeatAt: job.heartbeatAt })
    }
  }
  return finished
}

/**
 * Finishes a job whose process died: its pending rows are sent again under their import keys (auth
 * answers `existing` for accounts it already made), then the job is `interrupted` with a message saying
 * how many rows were not reached, and recorded in the audit log for who started it. Returns false when a service did not answer: the rows stay pending for
 * the next sweep.
 */
export async function recoverJob(
  context: {
    repository: ImportJobsRepository
    upstream: Upstream
    log: FastifyBaseLogger
    audit: Pick<ImportAudit, 'recovered'>
  },
  job: StoredJob,
): Promise<boolean> {
  const { repository, upstream, log } = context
  // A fresh set: random passwords made now are never shown, and the message says so.
  const passwords = jobPasswords({ kind: job.kind, credentials: credentialsOf(job) })
  for (const chunk of await repository.pendingChunks(job.id)) {
    let settled: StoredRow[]
    try {
      settled = await settleStored(upstream, job, chunk.rows, passwords)
    } catch (error) {
      if (error instanceof UpstreamUnavailable) return false
      throw error
    }
    await repository.completeChunk(chunk.id, settled)
  }
  const counters = countersOf(await repository.rowsOf(job.id))
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
  // After the job is no longer running, so a later sweep never records it twice.
  await context.audit.recovered(job, { totalRecords: job.totalRecords, ...counters })
  return true
}

/** A job's counters from its stored rows. */
function countersOf(rows: readonly StoredRow[]) {
  return {
    processedRecords: rows.length,
    successfulRecords: rows.filter((row) => row.status === 'imported').length,
    failedRecords: rows.filter((row) => row.status === 'failed').length,
  }
}
