import { z } from 'zod'

/** `<domain>.<event>.v<n>`: lower-case words with hyphens, then the version. */
function isTopicName(type: string): boolean {
  const parts = type.split('.')
  const version = parts.pop() ?? ''
  return parts.length >= 2 && /^v\d+$/.test(version) && parts.every((part) => /^[a-z][a-z-]*$/.test(part))
}

/** Every event travels in this envelope; topics are named `<domain>.<event>.v<n>`. */
export const EventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().refine(isTopicName, 'must be named <domain>.<event>.v<n>'),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  data: z.unknown(),
  /** The publisher's Ed25519 signature of the other fields (bus/signature.ts, decision 021). */
  signature: z.string().optional(),
})
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>

export interface SubscribeOptions {
  /** Consumer group: each group gets every event once; members of a group share them. */
  group: string
  /** Attempts before the event is parked in the dead-letter topic `<topic>.dlq`. Default 5. */
  maxAttempts?: number
}

export type EventHandler = (event: EventEnvelope) => Promise<void>

export interface Subscription {
  close(): Promise<void>
}

/**
 * The event bus port. Delivery is at least once; `subscribe` wraps the handler so that an event id
 * already handled by the group is acknowledged without calling the handler again (see idempotency.ts).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis' | 'kafka'
  /**
   * Publishes to the topic named by `event.type`. `key` is the aggregate id: the partition key, so that
   * events about one aggregate keep their order (a revoke never overtakes its grant).
   */
  publish(event: EventEnvelope, key: string): Promise<void>
  subscribe(topic: string, handler: EventHandler, options: SubscribeOptions): Promise<Subscription>
  ping(): Promise<boolean>
  close(): Promise<void>
}

export function createEvent<T>(type: string, data: T): EventEnvelope {
  const version = Number(/\.v(\d+)$/.exec(type)?.[1] ?? 1)
  return EventEnvelopeSchema.parse({
    id: crypto.randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    data,
  })
}
