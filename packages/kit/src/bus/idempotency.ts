import type { EventEnvelope, EventHandler } from './port.ts'

/** Where a consumer group records the event ids it has handled (backed by the service's document store). */
export interface ProcessedEventLog {
  has(group: string, eventId: string): Promise<boolean>
  record(group: string, eventId: string): Promise<void>
}

// Handlings in progress per log, so two copies of one event arriving together in one process run once.
const inFlight = new WeakMap<ProcessedEventLog, Map<string, Promise<void>>>()

/**
 * Calls the handler unless the group has handled this event id before, then records it.
 * A crash between the handler and the record re-delivers the event, so handlers make their own side
 * effect idempotent too (for example an insert keyed by the event id); this log keeps replays cheap.
 */
export function idempotent(group: string, handler: EventHandler, log: ProcessedEventLog): EventHandler {
  let running = inFlight.get(log)
  if (!running) {
    running = new Map()
    inFlight.set(log, running)
  }
  const handlings = running
  return async (event: EventEnvelope) => {
    const key = `${group}\u0000${event.id}`
    for (let current = handlings.get(key); current; current = handlings.get(key))
      await current.catch(() => {})
    const handling = (async () => {
      if (await log.has(group, event.id)) return
      await handler(event)
      await log.record(group, event.id)
    })()
    handlings.set(key, handling)
    try {
      await handling
    } finally {
      if (handlings.get(key) === handling) handlings.delete(key)
    }
  }
}
