import { z } from 'zod'
import {
  AuditActorSchema,
  AuditDetailsSchema,
  AuditKindSchema,
  AuditSubjectSchema,
  RequestIdSchema,
  type AuditEntry,
  type AuditKind,
  type AuditRecorded,
} from '@app/contracts/audit'
import type { DocumentStore, Filter } from '@app/kit/store/port'

/** A stored record: the published one, its time as a date (so ranges and pruning compare dates) and its event id. */
const AuditDocumentSchema = z.object({
  /** The event's id: an event delivered twice is stored once (unique index). */
  eventId: z.string().min(1),
  at: z.date(),
  actor: AuditActorSchema,
  kind: AuditKindSchema,
  subject: AuditSubjectSchema,
  details: AuditDetailsSchema,
  address: z.string(),
  requestId: RequestIdSchema,
})

export interface AuditFilter {
  /** A user id: records where they acted or were acted on. */
  person?: number | undefined
  kind?: AuditKind | undefined
  from?: Date | undefined
  to?: Date | undefined
}

function filterOf({ person, kind, from, to }: AuditFilter): Filter {
  const parts: Filter[] = []
  if (person !== undefined)
    parts.push({
      $or: [{ 'actor.id': person }, { 'subject.userId': person }, { 'subject.profileOwnerId': person }],
    })
  if (kind !== undefined) parts.push({ kind })
  if (from !== undefined) parts.push({ at: { $gte: from } })
  if (to !== undefined) parts.push({ at: { $lte: to } })
  return parts.length > 0 ? { $and: parts } : {}
}

/**
 * The audit log: append-only. Nothing here updates a record, and the only deletion is the retention's
 * pruning of records older than the kept number of days (docs/decisions/059-audit-log.md).
 */
export async function createAuditRepository(store: DocumentStore) {
  const records = await store.collection('audit_records', {
    schema: AuditDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'eventId', unique: true }, { field: 'at' }, { field: 'kind' }],
  })
  const entryOf = ({
    eventId: _eventId,
    at,
    ...rest
  }: z.output<typeof AuditDocumentSchema> & { id: string }) =>
    ({ ...rest, at: at.toISOString() }) satisfies AuditEntry
  return {
    /** Stores one record; false when this event was stored already. */
    async append(eventId: string, record: AuditRecorded): Promise<boolean> {
      if (await records.findOne({ eventId })) return false
      try {
        await records.insert({ ...record, eventId, at: new Date(record.at) })
        return true
      } catch (error) {
        if ((error as Error).name === 'DuplicateKeyError') return false
        throw error
      }
    },
    /** Newest first; `skip` and `limit` page through them. */
    async search(
      filter: AuditFilter,
      page: { skip: number; limit: number },
    ): Promise<{ entries: AuditEntry[]; total: number }> {
      const query = filterOf(filter)
      const [found, total] = await Promise.all([
        records.find(query, { sort: { at: -1 }, skip: page.skip, limit: page.limit }),
        records.count(query),
      ])
      return { entries: found.map(entryOf), total }
    },
    /** Drops the records made before `cutoff`; the number dropped. */
    pruneBefore: (cutoff: Date): Promise<number> => records.deleteMany({ at: { $lt: cutoff } }),
  }
}
export type AuditRepository = Awaited<ReturnType<typeof createAuditRepository>>
