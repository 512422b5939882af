import {
  AUDIT_KINDS_BY_PUBLISHER,
  AUDIT_TOPICS,
  AuditRecordedSchema,
  type AuditActor,
  type AuditDetails,
  type AuditKind,
  type AuditPublisher,
  type AuditRecorded,
  type AuditSubject,
} from '@app/contracts/audit'
import { createEvent, type EventBus } from './bus/port.ts'
import { clientAddressOf } from './client-address.ts'

/** What a request tells an audit record: its id (shared with every service's log line) and the client's address. */
export interface AuditRequest {
  id: string
  raw: Parameters<typeof clientAddressOf>[0]
  log: AuditLog
}

export interface AuditLog {
  error(object: Record<string, unknown>, message: string): void
}

export interface AuditInput {
  kind: AuditKind
  actor: AuditActor
  subject?: AuditSubject
  details?: AuditDetails
}

/** Where a record came from when it is made later than its request (an import that ends after its answer). */
export interface AuditOrigin {
  address: string
  requestId: string
}

export const auditOriginOf = (request: Omit<AuditRequest, 'log'>): AuditOrigin => ({
  address: clientAddressOf(request.raw),
  requestId: request.id,
})

/**
 * The record as published, validated whole: the schemas are strict, so a key they do not list (a password,
 * a token, a link) makes this throw instead of being dropped, and a caller's mistake shows in its tests.
 */
export function auditRecordOf(
  publisher: AuditPublisher,
  input: AuditInput,
  origin: AuditOrigin,
  at: Date = new Date(),
): AuditRecorded {
  if (!AUDIT_KINDS_BY_PUBLISHER[publisher].includes(input.kind))
    throw new Error(`${publisher} does not record ${input.kind}`)
  return AuditRecordedSchema.parse({
    at: at.toISOString(),
    actor: input.actor,
    kind: input.kind,
    subject: input.subject ?? {},
    details: input.details ?? {},
    address: origin.address,
    requestId: origin.requestId,
  })
}

/**
 * Publishes one audit record on the publisher's topic (docs/decisions/059-audit-log.md), once what it records
 * has happened. A record that breaks its schema throws: that is a fault of the caller's code. A bus that
 * fails does not undo what happened, so the answer still tells it; the record then goes to the error log
 * whole (it holds no secret), from where it can be recovered.
 */
export async function publishAudit(
  bus: EventBus,
  publisher: AuditPublisher,
  input: AuditInput,
  origin: AuditRequest | (AuditOrigin & { log: AuditLog }),
): Promise<void> {
  const record = auditRecordOf(publisher, input, 'raw' in origin ? auditOriginOf(origin) : origin)
  const key = String(input.subject?.userId ?? input.actor?.id ?? record.requestId)
  try {
    await bus.publish(createEvent(AUDIT_TOPICS[publisher], record), key)
  } catch (error) {
    origin.log.error(
      { event: 'audit_record_lost', record, err: error },
      'an audit record could not be published; it is kept in this line',
    )
  }
}
