import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import { InvalidEventError } from './delivery.ts'
import type { EventBus, EventEnvelope, EventHandler } from './port.ts'
import { publisherOf, type ServiceName } from '../services.ts'

/**
 * Events signed by their publisher (decision 021): whoever can write to the bus (a Redis stream, a Kafka
 * topic) still cannot make a consumer grant access or rename an account, because the consumer honours a topic
 * only when the service that owns it signed that very envelope.
 */

/** Separates these signatures from any other use of the same key (the internal tokens are JWTs). */
const CONTEXT = 'disc-platform event v1\n'

/** The same JSON whatever the key order: object keys sorted, arrays kept in order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  return value
}

/** What is signed: every field of the envelope but the signature, in a fixed order. */
function signedBytes(event: EventEnvelope): Buffer {
  const { id, type, version, occurredAt, data } = event
  return Buffer.from(CONTEXT + JSON.stringify([id, type, version, occurredAt, canonical(data)]), 'utf8')
}

/** Signs the envelope as `publisher` with its Ed25519 private key (PEM). */
export function signEvent(event: EventEnvelope, privateKey: KeyObject | string): EventEnvelope {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey
  const { signature: _unsigned, ...unsigned } = event
  // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
  return { ...{}, ...unsigned, signature: sign(null, signedBytes(unsigned), key).toString('base64url') }
}

/** Whether `publicKey`'s owner signed exactly this envelope. */
export function isSignedBy(event: EventEnvelope, publicKey: KeyObject | string): boolean {
  if (typeof event.signature !== 'string') return false
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey
  try {
    return verify(null, signedBytes(event), key, Buffer.from(event.signature, 'base64url'))
  } catch {
    return false
  }
}

/**
 * Wraps a handler of `topic` so that it sees only events its publisher signed. Anything else is refused with
 * an InvalidEventError, which the bus adapters park in the dead-letter topic at once, without retries.
 */
export function verifiedHandler(
  topic: string,
  handler: EventHandler,
  publisherKeys: Partial<Record<ServiceName, string>>,
): EventHandler {
  const publisher = publisherOf(topic)
  const pem = publisher ? publisherKeys[publisher] : undefined
  if (!publisher || !pem) throw new Error(`no publisher key for events of ${topic}`)
  const key = createPublicKey(pem)
  return async (event) => {
    if (event.type !== topic) throw new InvalidEventError(`an event of ${event.type} on the topic ${topic}`)
    if (!isSignedBy(event, key))
      throw new InvalidEventError(`an event of ${topic} that ${publisher} did not sign`)
    await handler(event)
  }
}

/**
 * The bus as one publisher sees it: what it publishes leaves signed with its own key, and it may publish
 * only the topics it owns (EVENT_PUBLISHERS). Subscriptions pass through; the service shell verifies them.
 */
export function signingEventBus(bus: EventBus, publisher: ServiceName, privateKey: string): EventBus {
  const key = createPrivateKey(privateKey)
  return {
    kind: bus.kind,
    async publish(event, partitionKey) {
      if (publisherOf(event.type) !== publisher)
        throw new InvalidEventError(`${publisher} does not publish ${event.type}`)
      await bus.publish(signEvent(event, key), partitionKey)
    },
    subscribe: (topic, handler, options) => bus.subscribe(topic, handler, options),
    ping: () => bus.ping(),
    close: () => bus.close(),
  }
}
