import type { ProcessedEventLog } from './idempotency.ts'
import type { BusLogger, RetryOptions } from './delivery.ts'
import { createKafkaEventBus } from './kafka.ts'
import { createMemoryEventBus } from './memory.ts'
import type { EventBus } from './port.ts'
import { createRedisEventBus } from './redis-streams.ts'

export * from './port.ts'
export { idempotent, type ProcessedEventLog } from './idempotency.ts'
export {
  DEFAULT_MAX_ATTEMPTS,
  InvalidEventError,
  deadLetterTopic,
  type BusLogger,
  type EventBusOptions,
  type RetryOptions,
} from './delivery.ts'
export { createMemoryEventBus, type MemoryEventBusOptions } from './memory.ts'
export { createRedisEventBus, streamKey, type RedisEventBusOptions } from './redis-streams.ts'
export { createKafkaEventBus, type KafkaEventBusOptions } from './kafka.ts'

export interface CreateEventBusOptions {
  kafkaBrokers?: string[] | undefined
  redisUrl?: string | undefined
  /** Unique per process: the Kafka client id and the Redis consumer name. */
  consumerName: string
  processedLog: ProcessedEventLog
  logger?: BusLogger
  retry?: RetryOptions
}

/** Kafka when brokers are configured (compose, Helm), else Redis Streams (local cluster), else in-process. */
export function createEventBus(options: CreateEventBusOptions): EventBus {
  const common = { processedLog: options.processedLog, logger: options.logger, retry: options.retry }
  if (options.kafkaBrokers && options.kafkaBrokers.length > 0) {
    return createKafkaEventBus({ ...common, brokers: options.kafkaBrokers, clientId: options.consumerName })
  }
  if (options.redisUrl)
    return createRedisEventBus({ ...common, url: options.redisUrl, consumerName: options.consumerName })
  return createMemoryEventBus(common)
}
