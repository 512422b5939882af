import { Redis } from 'ioredis'
import {
  backoffDelay,
  deadLetterTopic,
  decodeEnvelope,
  DEFAULT_MAX_ATTEMPTS,
  describeError,
  handleWithRetries,
  silentLogger,
  sleep,
  validateForPublish,
  type EventBusOptions,
} from './delivery.ts'
import { idempotent } from './idempotency.ts'
import type { EventBus, EventHandler, Subscription } from './port.ts'
import {
  parseAutoClaim,
  parsePendingDeliveries,
  parseReadGroup,
  type StreamEntry,
} from './redis-stream-replies.ts'

export interface RedisEventBusOptions extends EventBusOptions {
  url: string
  /** Unique per process (for example service, host and pid): Redis records which consumer holds a message. */
  consumerName: string
  /** A message held this long by a consumer without an acknowledgement is taken over by another. Default 30 s. */
  claimIdleMs?: number
  /** Approximate cap on each stream's length (XADD MAXLEN ~). Default 100,000. */
  maxLength?: number
}

export const streamKey = (topic: string) => `events:${topic}`
const BATCH = '10'

/**
 * Redis Streams: one stream per topic, one consumer group per subscriber group, each subscription
 * reading on its own connection. Messages are acknowledged after the handler succeeded or after they
 * were parked in `events:<topic>.dlq`; messages left pending by a dead consumer are claimed with XAUTOCLAIM.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const claimIdleMs = options.claimIdleMs ?? 30_000
  const maxLength = String(options.maxLength ?? 100_000)
  const logger = options.logger ?? silentLogger
  const commands = new Redis(options.url, {
    maxRetriesPerRequest: 2,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  })
  // Failures surface as rejected calls and in the read loops; ioredis would otherwise print each one.
  commands.on('error', () => {})
  const subscriptions = new Set<Subscription>()
  const membersPerGroup = new Map<string, number>()
  let closed = false

  const ensureGroup = async (stream: string, group: string) => {
    try {
      // From `0`: a new group also gets what was published before it existed.
      await commands.call('XGROUP', 'CREATE', stream, group, '0', 'MKSTREAM')
    } catch (error) {
      if (!describeError(error).includes('BUSYGROUP')) throw error
    }
  }

  const subscribe = async (topic: string, handler: EventHandler, group: string, maxAttempts: number) => {
    const stream = streamKey(topic)
    await ensureGroup(stream, group)
    const memberKey = `${topic}\u0000${group}`
    const member = (membersPerGroup.get(memberKey) ?? 0) + 1
    membersPerGroup.set(memberKey, member)
    // Stable names across restarts let a restarted process find its own pending messages first.
    const consumer = member === 1 ? options.consumerName : `${options.consumerName}-${member}`
    const handle = idempotent(group, handler, options.processedLog)
    const reader = commands.duplicate({ maxRetriesPerRequest: 1 })
    reader.on('error', () => {})
    const stopping = new AbortController()
    const claimEveryMs = Math.max(50, Math.floor(claimIdleMs / 2))

    const acknowledge = (id: string) => commands.xack(stream, group, id)
    const deadLetterStream = streamKey(deadLetterTopic(topic))

    const deadLetter = async (entry: StreamEntry, reason: string, attempts: number) => {
      logger.warn(
        { topic, group, messageId: entry.id, attempts, reason },
        'event parked in the dead-letter topic',
      )
      const fields = entry.fields ?? {}
      const parked = {
        key: fields.key ?? '',
        event: fields.event ?? '',
        error: reason,
        group,
        sourceId: entry.id,
      }
      const results = await commands
        .multi()
        .xadd(
          deadLetterStream,
          'MAXLEN',
          '~',
          maxLength,
          '*',
          ...Object.entries(parked).flat(),
          'attempts',
          String(attempts),
        )
        .xack(stream, group, entry.id)
        .exec()
      const failure = results?.find(([error]) => error)?.[0]
      if (failure) throw failure
    }

    const handleEntry = async (entry: StreamEntry, deliveries: number) => {
      if (!entry.fields) return void (await acknowledge(entry.id))
      const decoded = decodeEnvelope(entry.fields.event)
      if (!decoded.ok) return deadLetter(entry, decoded.reason, 0)
      // Each earlier delivery (to this or a consumer that died) counts as a spent attempt.
      const remaining = maxAttempts - (deliveries - 1)
      if (remaining <= 0)
        return deadLetter(entry, `delivered ${deliveries} times without success`, deliveries - 1)
      const result = await handleWithRetries(handle, decoded.event, {
        attempts: remaining,
        retry: options.retry,
        signal: stopping.signal,
      })
      if (result.outcome === 'handled') await acknowledge(entry.id)
      else if (result.outcome === 'failed')
        await deadLetter(entry, describeError(result.error), deliveries - 1 + result.attempts)
    }

    /** Redelivered entries (history or claimed) carry their delivery count in the pending list. */
    const processBatch = async (entries: StreamEntry[], redelivered: boolean) => {
      const first = entries[0]
      const last = entries[entries.length - 1]
      if (!first || !last) return
      const deliveries = redelivered
        ? parsePendingDeliveries(
            await commands.call('XPENDING', stream, group, first.id, last.id, '100', consumer),
          )
        : new Map<string, number>()
      for (const entry of entries) {
        if (stopping.signal.aborted) return
        await handleEntry(entry, deliveries.get(entry.id) ?? 1)
      }
    }

    const claimStale = async () => {
      let start = '0-0'
      for (let round = 0; round < 10 && !stopping.signal.aborted; round++) {
        const claimed = parseAutoClaim(
          await reader.call(
            'XAUTOCLAIM',
            stream,
            group,
            consumer,
            String(claimIdleMs),
            start,
            'COUNT',
            BATCH,
          ),
        )
        await processBatch(claimed.entries, true)
        if (claimed.next === '0-0') return
        start = claimed.next
      }
    }

    const readLoop = async () => {
      let ownPendingFrom: string | null = '0'
      let lastClaim = 0
      let failures = 0
      while (!stopping.signal.aborted) {
        try {
          if (ownPendingFrom !== null) {
            const args = ['GROUP', group, consumer, 'COUNT', BATCH, 'STREAMS', stream, ownPendingFrom]
            const entries = parseReadGroup(await reader.call('XREADGROUP', ...args))
            ownPendingFrom = entries.at(-1)?.id ?? null
            await processBatch(entries, true)
          } else if (Date.now() - lastClaim >= claimEveryMs) {
            lastClaim = Date.now()
            await claimStale()
          } else {
            const args = [
              'GROUP',
              group,
              consumer,
              'COUNT',
              BATCH,
              'BLOCK',
              String(claimEveryMs),
              'STREAMS',
              stream,
              '>',
            ]
            await processBatch(parseReadGroup(await reader.call('XREADGROUP', ...args)), false)
          }
          failures = 0
        } catch (error) {
          if (stopping.signal.aborted) return
          failures++
          // A restarted Redis without persistence has lost the group: create it again.
          if (describeError(error).includes('NOGROUP')) await ensureGroup(stream, group).catch(() => {})
          logger.warn(
            { topic, group, err: describeError(error) },
            'reading the event stream failed, retrying',
          )
          await sleep(backoffDelay(failures, { initialDelayMs: 100, maxDelayMs: 2000 }), stopping.signal)
        }
      }
    }

    const running = readLoop()
    const subscription: Subscription = {
      async close() {
        stopping.abort()
        // Interrupts a blocking read; an event being handled finishes and is acknowledged first.
        reader.disconnect()
        await running
        subscriptions.delete(subscription)
      },
    }
    subscriptions.add(subscription)
    return subscription
  }

  return {
    kind: 'redis',
    async publish(event, key) {
      if (closed) throw new Error('The event bus is closed')
      const valid = validateForPublish(event, key)
      await commands.xadd(
        streamKey(valid.type),
        'MAXLEN',
        '~',
        maxLength,
        '*',
        'key',
        key,
        'event',
        JSON.stringify(valid),
      )
    },
    async subscribe(topic, handler, subscribeOptions) {
      if (closed) throw new Error('The event bus is closed')
      return subscribe(
        topic,
        handler,
        subscribeOptions.group,
        subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      )
    },
    async ping() {
      try {
        return (await commands.ping()) === 'PONG'
      } catch {
        return false
      }
    },
    async close() {
      if (closed) return
      closed = true
      await Promise.all([...subscriptions].map((subscription) => subscription.close()))
      await commands.quit().catch(() => commands.disconnect())
    },
  }
}
