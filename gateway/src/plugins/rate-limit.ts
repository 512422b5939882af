import type { FastifyInstance } from 'fastify'
import fastifyRateLimit from '@fastify/rate-limit'
import type { KeyValueStore } from '@app/kit/kv/port'

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** Rate-limit counters live in the key-value port, so the cluster's gateways share them through Redis. */
function keyValueRateLimitStore(kv: KeyValueStore, timeWindowMs: number) {
  return class KeyValueRateLimitStore {
    constructor(private readonly prefix = 'rate:') {}
    incr(key: string, callback: IncrCallback) {
      kv.increment(`${this.prefix}${key}`, timeWindowMs).then(
        ({ value, ttlMs }) => callback(null, { current: value, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }
    child(routeOptions: { routeInfo?: { url?: string; method?: string } }) {
      return new KeyValueRateLimitStore(`rate:${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}:`)
    }
  }
}

export interface RateLimitOptions {
  kv: KeyValueStore
  max: number
  timeWindowMs: number
}

export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    store: keyValueRateLimitStore(options.kv, options.timeWindowMs),
    // Fail closed with 503 rather than letting unlimited traffic through when the store is down.
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'GATEWAY_RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  })
}
