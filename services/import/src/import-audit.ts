import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { ImportResult } from '@app/contracts/imports'
import { auditOriginOf, publishAudit } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'
import { userOf } from '@app/kit/service'
import type { LiveJob } from './live-job.ts'
import type { JobOrigin, StoredJob } from './repositories/import-jobs-repository.ts'

type AuditedJob = Pick<StoredJob, 'id' | 'kind' | 'createdBy' | 'origin'>
type ImportCounts = Pick<ImportResult, 'totalRecords' | 'successfulRecords' | 'failedRecords'>

/** Who starts a job, from where and in which request: kept with the job, for its record when it ends. */
export function jobOriginOf(request: FastifyRequest): JobOrigin {
  return { role: userOf(request).role, ...auditOriginOf(request) }
}

async function recordImport(
  bus: EventBus,
  log: FastifyBaseLogger,
  job: AuditedJob,
  counts: ImportCounts,
): Promise<void> {
  if (!job.origin) {
    log.warn({ event: 'import_not_audited', jobId: job.id }, 'an import stored without its origin ended')
    return
  }
  const { role, address, requestId } = job.origin
  await publishAudit(
    bus,
    'import',
    {
      kind: 'import.completed',
      actor: { id: job.createdBy, role },
      subject: {},
      details: {
        importKind: job.kind,
        rows: counts.totalRecords,
        imported: counts.successfulRecords,
        failed: counts.failedRecords,
      },
    },
    { address, requestId, log },
  )
}

/**
 * Records an import once it ends (docs/decisions/059-audit-log.md): who ran it, from where, and how many rows
 * it read, imported and failed. Who and where were kept with the job when it started, since the job ends
 * after its answer has gone, here or, when this process stopped first, in the recovery of a later one.
 */
export function createImportAudit(bus: EventBus, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>()
  const recorded = (job: AuditedJob, counts: ImportCounts): Promise<void> =>
    recordImport(bus, log, job, counts).catch((error: unknown) =>
      log.error({ event: 'audit_failed', jobId: job.id, err: error }, 'the import could not be audited'),
    )
  return {
    /** A job this process runs: recorded when it ends with a result (a stopped one is recovery's). */
    whenDone(job: AuditedJob, live: LiveJob): void {
      const done: Promise<void> = live.done
        .then((outcome) => ('result' in outcome ? recorded(job, outcome.result) : undefined))
        .finally(() => pending.delete(done))
      pending.add(done)
    },
    /** A job recovery finished after its process stopped. */
    recovered: recorded,
    /** Waits for the records of the imports that ended, as the app closes. */
    idle: () => Promise.allSettled([...pending]),
  }
}
export type ImportAudit = ReturnType<typeof createImportAudit>
