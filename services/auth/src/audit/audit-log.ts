import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import {
  AUDIT_KINDS_BY_PUBLISHER,
  AUDIT_TOPICS,
  AuditRecordedSchema,
  type AuditPublisher,
} from '@app/contracts/audit'
import { InvalidEventError } from '@app/kit/bus/delivery'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { AuditRepository } from '../repositories/audit-repository.ts'

/** The consumer group that stores audit records: one per deployment, whatever the number of auth replicas. */
export const AUDIT_GROUP = 'auth-audit-log'
const DAY_MS = 24 * 60 * 60_000
/** How often the retention runs: often enough that nothing outlives its days by much. */
export const AUDIT_PRUNE_INTERVAL_MS = 60 * 60_000

/**
 * Stores a record from `publisher`'s topic. A record that breaks the schema, or of a kind its publisher does
 * not record, goes to the dead-letter topic (InvalidEventError) instead of the log.
 */
export function auditRecordHandler(repository: AuditRepository, publisher: AuditPublisher) {
  return async (event: EventEnvelope) => {
    const parsed = AuditRecordedSchema.safeParse(event.data)
    if (!parsed.success) throw new InvalidEventError(`an audit record of ${publisher} breaks its schema`)
    if (!AUDIT_KINDS_BY_PUBLISHER[publisher].includes(parsed.data.kind))
      throw new InvalidEventError(`${publisher} does not record ${parsed.data.kind}`)
    await repository.append(event.id, parsed.data)
  }
}

/** Subscribes the one consumer of every publisher's audit topic (docs/decisions/059-audit-log.md). */
export async function consumeAuditRecords(app: FastifyInstance, repository: AuditRepository): Promise<void> {
  for (const publisher of Object.keys(AUDIT_TOPICS) as AuditPublisher[])
    await app.subscribe(AUDIT_TOPICS[publisher], AUDIT_GROUP, auditRecordHandler(repository, publisher))
}

/** Drops the records older than `retentionDays`; the number dropped. */
export async function pruneAuditRecords(
  repository: AuditRepository,
  retentionDays: number,
  now: number = Date.now(),
): Promise<number> {
  return repository.pruneBefore(new Date(now - retentionDays * DAY_MS))
}

/** Prunes at start and then every `intervalMs`, until the app closes. */
export function scheduleAuditRetention(
  app: { addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  repository: AuditRepository,
  options: { retentionDays: number; log: FastifyBaseLogger; intervalMs?: number; now?: () => number },
): void {
  const prune = async () => {
    try {
      const dropped = await pruneAuditRecords(repository, options.retentionDays, options.now?.())
      if (dropped > 0)
        options.log.info(
          { event: 'audit_pruned', dropped, retentionDays: options.retentionDays },
          'audit records pruned',
        )
    } catch (error) {
      options.log.warn({ event: 'audit_prune_failed', err: error }, 'pruning the audit log failed')
    }
  }
  let running = prune()
  const timer = setInterval(() => {
    running = running.then(prune)
  }, options.intervalMs ?? AUDIT_PRUNE_INTERVAL_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
