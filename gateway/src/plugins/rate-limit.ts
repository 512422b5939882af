import type { FastifyInstance } from 'fastify'
import fastifyRateLimit from '@fastify/rate-limit'
import type { KeyValueStore } from '@app/kit/kv/port'

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

interface StoreParams {
  timeWindow?: number | string
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * Rate-limit counters live in the key-value port, so the cluster's gateways share them through Redis.
 * A route with limits of its own gets a child store with its own key prefix and window.
 */
function keyValueRateLimitStore(kv: KeyValueStore, defaultWindowMs: number) {
  return class KeyValueRateLimitStore {
    private readonly prefix: string
    private readonly windowMs: number
    constructor(params: StoreParams = {}) {
      const route = params.routeInfo
      this.prefix = route?.url ? `rate:${String(route.method)}:${route.url}:` : 'rate:'
      this.windowMs = typeof params.timeWindow === 'number' ? params.timeWindow : defaultWindowMs
    }
    incr(key: string, callback: IncrCallback) {
      kv.increment(`${this.prefix}${key}`, this.windowMs).then(
        ({ value, ttlMs }) => callback(null, { current: value, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }
    child(params: StoreParams) {
      return new KeyValueRateLimitStore(params)
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
    // The plugin's store typing wants its own route types; the class honours the documented store contract.
    store: keyValueRateLimitStore(options.kv, options.timeWindowMs) as never,
    // Fail closed with 503 rather than letting unlimited traffic through when the store is down.
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'GATEWAY_RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  })
}
