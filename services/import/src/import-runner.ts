import type { FastifyBaseLogger } from 'fastify'
import type { ImportKind } from '@app/contracts/imports'
import type { ImportRowOutcome } from '@app/domain/import-rows'
import { AppError } from '@app/kit/errors'
import type { ServiceClient } from '@app/kit/service-client'
import { jobPasswords, type CredentialMethod } from './credentials.ts'
import { importStopped } from './import-messages.ts'
import { runJob, type JobRun } from './job-run.ts'
import { JobTally, liveJobOf, type ImportOutcome, type LiveJob } from './live-job.ts'
import type { ImportJobsRepository, JobOrigin, StoredJob } from './repositories/import-jobs-repository.ts'
import { codeOf, type Upstream } from './upstream-batches.ts'

export type { ImportOutcome, LiveJob } from './live-job.ts'

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

export interface StartInput {
  kind: ImportKind
  credentials: CredentialMethod
  createdBy: number
  origin: JobOrigin
  totalRecords: number
  rows: Iterable<ImportRowOutcome>
  notes?: string[]
  idempotency?: { key: string; fingerprint: string }
}

/**
 * Runs import jobs (decision record 013) in this process: starts them (job-run.ts reads and sends their
 * rows), keeps each one's live handle while it runs, and stops taking rows when the process stops. Each
 * row goes under the import key `<jobId>:<row>`, so sending it again creates nothing twice; a job whose
 * process died is finished by recovery.ts.
 */
export class ImportRunner {
  /** The calls to auth and profiles, which stop retrying once this process stops. */
  readonly upstream: Upstream
  private readonly live = new Map<string, LiveJob>()
  private readonly running = new Set<Promise<unknown>>()
  private stopping = false

  constructor(private readonly options: ImportRunnerOptions) {
    const { auth, profiles, log, retryDelaysMs } = options
    this.upstream = { auth, profiles, log, retryDelaysMs, stopping: () => this.stopping }
  }

  /** Starts a job over rows read lazily; the job runs on whether or not anyone waits for it. */
  async start(input: StartInput): Promise<{ job: StoredJob; live: LiveJob }> {
    const { repository, log } = this.options
    const job = await repository.createJob(newJobDocument(input, this.options.instanceId, new Date()))
    const passwords = jobPasswords({ kind: job.kind, credentials: input.credentials })
    const tally = new JobTally(job, passwords)
    const run: JobRun = {
      job,
      repository,
      upstream: this.upstream,
      passwords,
      tally,
      log,
      batchSize: this.options.batchSize,
      batchesInFlight: this.options.batchesInFlight,
    }
    const heartbeat = this.beatFor(job, tally)
    const done = runJob(run, input.rows, input.notes)
      .catch((error: unknown) => this.failed(job, error))
      .then((outcome) => {
        clearInterval(heartbeat)
        this.live.delete(job.id)
        tally.end(outcome)
        return outcome
      })
    this.running.add(done)
    void done.finally(() => this.running.delete(done))

    const handle = liveJobOf(tally, done)
    this.live.set(job.id, handle)
    log.info(
      { event: 'import_started', jobId: job.id, kind: job.kind, rows: job.totalRecords },
      'import started',
    )
    return { job, live: handle }
  }

  /** The job if it runs in this process. */
  liveJob(jobId: string): LiveJob | null {
    return this.live.get(jobId) ?? null
  }

  /** Stops taking rows and waits for the batches in flight; their jobs stay `running` for the next start. */
  async stop(): Promise<void> {
    this.stopping = true
    await Promise.allSettled([...this.running])
  }

  /** Records, every `heartbeatMs`, that this process still runs the job, with its counters so far. */
  private beatFor(job: StoredJob, tally: JobTally): NodeJS.Timeout {
    const { repository, log, instanceId } = this.options
    const heartbeat = setInterval(() => {
      repository
        .updateJob(job.id, { heartbeatAt: new Date(), ...tally.counters }, { owner: instanceId })
        .catch((error: unknown) =>
          log.warn({ jobId: job.id, code: codeOf(error) }, 'import heartbeat failed'),
        )
    }, this.options.heartbeatMs)
    heartbeat.unref()
    return heartbeat
  }

  /** A fault of ours (the store failed): the job stays `running`, so a restart finishes it. */
  private failed(job: StoredJob, error: unknown): ImportOutcome {
    const { repository, log } = this.options
    log.error({ event: 'import_failed', jobId: job.id, err: error }, 'import failed')
    // Released, so this process's own sweep finishes it once its heartbeat is stale.
    void repository.updateJob(job.id, { owner: 'released' }).catch(() => undefined)
    return { error: error instanceof AppError && error.statusCode < 500 ? error : importStopped() }
  }
}

export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  return new ImportRunner(options)
}

/** A new job as stored: running, owned by this process, with nothing counted yet. */
function newJobDocument(input: StartInput, owner: string, now: Date) {
  return {
    kind: input.kind,
    credentials: input.credentials,
    status: 'running' as const,
    message: `Importing ${input.totalRecords} ${input.totalRecords === 1 ? 'row' : 'rows'}`,
    createdBy: input.createdBy,
    origin: input.origin,
    createdAt: now.toISOString(),
    finishedAt: null,
    totalRecords: input.totalRecords,
    processedRecords: 0,
    successfulRecords: 0,
    failedRecords: 0,
    owner,
    heartbeatAt: now,
    ...(input.idempotency
      ? { idempotencyKey: input.idempotency.key, fingerprint: input.idempotency.fingerprint }
      : {}),
  }
}
