import { Kafka, logLevel, Partitioners, type Admin, type Producer } from 'kafkajs'
import {
  deadLetterTopic,
  decodeEnvelope,
  DEFAULT_MAX_ATTEMPTS,
  describeError,
  handleWithRetries,
  silentLogger,
  validateForPublish,
  type EventBusOptions,
} from './delivery.ts'
import { idempotent } from './idempotency.ts'
import type { EventBus, Subscription } from './port.ts'

export interface KafkaEventBusOptions extends EventBusOptions {
  brokers: string[]
  clientId: string
  /** Partitions of the topics this bus creates: the most consumers of one group that can share a topic. Default 3. */
  partitions?: number
  /** How long subscribe waits for the consumer to join its group. Default 30 s. */
  joinTimeoutMs?: number
}

/**
 * Kafka through kafkajs, kept thin so that it can be swapped for @platformatic/kafka: the message key is
 * the partition key, one consumer group per subscriber group, offsets committed after the handler
 * succeeded or the message was parked in `<topic>.dlq`.
 */
export function createKafkaEventBus(options: KafkaEventBusOptions): EventBus {
  const logger = options.logger ?? silentLogger
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    // kafkajs logs to the console by default; route its warnings to the service's logger instead.
    logCreator: () => (entry) =>
      logger.warn({ namespace: entry.namespace, ...entry.log }, `kafka: ${entry.log.message}`),
  })
  const partitions = options.partitions ?? 3
  const subscriptions = new Set<Subscription>()
  const knownTopics = new Map<string, Promise<void>>()
  let closed = false

  let admin: Promise<Admin> | undefined
  const connectedAdmin = () => {
    admin ??= (async () => {
      const client = kafka.admin()
      await client.connect()
      return client
    })().catch((error: unknown) => {
      admin = undefined
      throw error
    })
    return admin
  }
  let producer: Promise<Producer> | undefined
  const connectedProducer = () => {
    producer ??= (async () => {
      const client = kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      })
      await client.connect()
      return client
    })().catch((error: unknown) => {
      producer = undefined
      throw error
    })
    return producer
  }

  // Created explicitly so that every topic has the same number of partitions, whoever touches it first.
  const ensureTopic = (topic: string) => {
    let created = knownTopics.get(topic)
    if (!created) {
      created = connectedAdmin()
        .then((client) =>
          client.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true }),
        )
        .then(() => undefined)
        .catch((error: unknown) => {
          knownTopics.delete(topic)
          throw error
        })
      knownTopics.set(topic, created)
    }
    return created
  }

  return {
    kind: 'kafka',
    async publish(event, key) {
      if (closed) throw new Error('The event bus is closed')
      const valid = validateForPublish(event, key)
      await ensureTopic(valid.type)
      await (
        await connectedProducer()
      ).send({ topic: valid.type, messages: [{ key, value: JSON.stringify(valid) }] })
    },

    async subscribe(topic, handler, { group, maxAttempts = DEFAULT_MAX_ATTEMPTS }) {
      if (closed) throw new Error('The event bus is closed')
      await Promise.all([ensureTopic(topic), ensureTopic(deadLetterTopic(topic))])
      const handle = idempotent(group, handler, options.processedLog)
      const consumer = kafka.consumer({ groupId: group, allowAutoTopicCreation: false })
      const stopping = new AbortController()
      const joined = new Promise<void>((resolve) => {
        const stopListening = consumer.on(consumer.events.GROUP_JOIN, () => {
          stopListening()
          resolve()
        })
      })

      await consumer.connect()
      // From the beginning: a new group also gets what was published before it existed.
      await consumer.subscribe({ topics: [topic], fromBeginning: true })
      await consumer.run({
        autoCommit: false,
        eachMessage: async ({ partition, message, heartbeat }) => {
          const raw = message.value?.toString('utf8')
          const key = message.key?.toString('utf8') ?? ''
          const decoded = decodeEnvelope(raw)
          let parkReason: string | null = decoded.ok ? null : decoded.reason
          let attempts = 0
          if (decoded.ok) {
            const result = await handleWithRetries(handle, decoded.event, {
              attempts: maxAttempts,
              retry: options.retry,
              signal: stopping.signal,
              beforeRetry: heartbeat,
            })
            // Left uncommitted: the group's next consumer gets it again.
            if (result.outcome === 'stopped') return
            if (result.outcome === 'failed') {
              parkReason = describeError(result.error)
              attempts = result.attempts
            }
          }
          if (parkReason !== null) {
            logger.warn(
              { topic, group, partition, offset: message.offset, attempts, reason: parkReason },
              'event parked in the dead-letter topic',
            )
            await (
              await connectedProducer()
            ).send({
              topic: deadLetterTopic(topic),
              messages: [
                {
                  key,
                  value: raw ?? null,
                  headers: {
                    error: parkReason,
                    group,
                    attempts: String(attempts),
                    'source-offset': message.offset,
                  },
                },
              ],
            })
          }
          await consumer.commitOffsets([
            { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
          ])
        },
      })

      const joinTimeoutMs = options.joinTimeoutMs ?? 30_000
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), joinTimeoutMs)),
      )
      const outcome = await Promise.race([joined, timedOut])
      clearTimeout(timer)
      if (outcome === 'timeout') {
        await consumer.disconnect()
        throw new Error(`Kafka consumer group ${group} did not join within ${joinTimeoutMs} ms`)
      }

      const subscription: Subscription = {
        async close() {
          stopping.abort()
          await consumer.disconnect()
          subscriptions.delete(subscription)
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async ping() {
      try {
        await (await connectedAdmin()).describeCluster()
        return true
      } catch {
        return false
      }
    },

    async close() {
      if (closed) return
      closed = true
      await Promise.all([...subscriptions].map((subscription) => subscription.close()))
      await Promise.allSettled([
        producer?.then((client) => client.disconnect()),
        admin?.then((client) => client.disconnect()),
      ])
    },
  }
}
