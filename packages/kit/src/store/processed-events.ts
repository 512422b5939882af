import { z } from 'zod'
import type { ProcessedEventLog } from '../bus/idempotency.ts'
import { DuplicateKeyError, type DocumentStore } from './port.ts'

const ProcessedEventSchema = z.object({ key: z.string().min(1), processedAt: z.date() })

/** The consumer groups' record of handled event ids, one document per `${group}:${eventId}`. */
export async function createProcessedEventLog(store: DocumentStore): Promise<ProcessedEventLog> {
  const events = await store.collection('processed_events', {
    schema: ProcessedEventSchema,
    idKind: 'uuid',
    indexes: [{ field: 'key', unique: true }],
  })
  const keyOf = (group: string, eventId: string) => `${group}:${eventId}`
  return {
    async has(group, eventId) {
      return (await events.findOne({ key: keyOf(group, eventId) })) !== null
    },
    async record(group, eventId) {
      try {
        await events.insert({ key: keyOf(group, eventId), processedAt: new Date() })
      } catch (error) {
        // A redelivered event that was recorded by a concurrent delivery is already where it belongs.
        if (!(error instanceof DuplicateKeyError)) throw error
      }
    },
  }
}
