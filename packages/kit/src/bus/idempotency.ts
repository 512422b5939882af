import type { EventEnvelope, EventHandler } from './port.ts'

/** Where a consumer group records the event ids it has handled (backed by the service's document store). */
export interface ProcessedEventLog {
  has(group: string, eventId: string): Promise<boolean>
  record(group: string, eventId: string): Promise<void>
}

/**
 * Calls the handler unless the group has handled this event id before, then records it.
 * A crash between the handler and the record re-delivers the event, so handlers make their own side
 * effect idempotent too (for example an insert keyed by the event id); this log keeps replays cheap.
 */
export function idempotent(group: string, handler: EventHandler, log: ProcessedEventLog): EventHandler {
  return async (event: EventEnvelope) => {
    if (await log.has(group, event.id)) return
    await handler(event)
    await log.record(group, event.id)
  }
}
