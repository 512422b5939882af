import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { auditOriginOf, publishAudit } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'
import { userOf } from '@app/kit/service'
import type { LiveJob } from './live-job.ts'

/**
 * Records an import once it ends (docs/decisions/059-audit-log.md): who ran it, from where, and how many rows
 * it read, imported and failed. Who and where are taken from the request at the start, since the job may end
 * after its answer has gone.
 */
export function createImportAudit(bus: EventBus, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>()
  return {
    whenDone(request: FastifyRequest, importKind: 'disc' | 'prevue' | 'single', live: LiveJob): void {
      const { userId, role } = userOf(request)
      const origin = { ...auditOriginOf(request), log }
      const recorded: Promise<void> = live.done
        .then(async (outcome) => {
          if (!('result' in outcome)) return
          const { totalRecords, successfulRecords, failedRecords } = outcome.result
          await publishAudit(
            bus,
            'import',
            {
              kind: 'import.completed',
              actor: { id: userId, role },
              subject: {},
              details: { importKind, rows: totalRecords, imported: successfulRecords, failed: failedRecords },
            },
            origin,
          )
        })
        .catch((error: unknown) =>
          log.error(
            { event: 'audit_failed', jobId: live.jobId, err: error },
            'the import could not be audited',
          ),
        )
        .finally(() => pending.delete(recorded))
      pending.add(recorded)
    },
    /** Waits for the records of the imports that ended, as the app closes. */
    idle: () => Promise.allSettled([...pending]),
  }
}
export type ImportAudit = ReturnType<typeof createImportAudit>
