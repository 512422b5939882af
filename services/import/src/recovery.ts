import type { FastifyBaseLogger } from 'fastify'
import type { ImportRunner } from './import-runner.ts'
import type { ImportJobsRepository } from './repositories/import-jobs-repository.ts'

export interface RecoveryOptions {
  repository: ImportJobsRepository
  runner: ImportRunner
  log: FastifyBaseLogger
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
  const { repository, runner, log, instanceId } = options
  let sweeping: Promise<number> | null = null

  async function sweepOnce(): Promise<number> {
    const now = new Date()
    const stale = await repository.staleJobs(instanceId, new Date(now.getTime() - options.staleAfterMs))
    let finished = 0
    for (const job of stale) {
      const claimed = await repository.claimJob(job, instanceId, now)
      if (!claimed) continue
      if (await runner.recover(claimed)) finished += 1
      else {
        // A service did not answer: let the job go stale again, for the next sweep.
        await repository.updateJob(claimed.id, { owner: 'released', heartbeatAt: job.heartbeatAt })
      }
    }
    return finished
  }

  return {
    sweep(): Promise<number> {
      sweeping ??= sweepOnce()
        .catch((error: unknown) => {
          log.warn({ event: 'import_recovery_failed', err: error }, 'recovering interrupted imports failed')
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
