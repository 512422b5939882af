import type { FastifyInstance } from 'fastify'
import { AppError } from '@app/kit/errors'
import type { KeyValueStore } from '@app/kit/kv/port'

export interface Limit {
  max: number
  windowMs: number
}

/**
 * Counts one request against `key` in the key-value store (shared by the cluster's gateways through Redis)
 * and refuses it with 429 past the limit. A store that is down fails closed with 503 (kit error handling).
 */
export async function enforceLimit(
  kv: KeyValueStore,
  key: string,
  limit: Limit,
  unit: 'seconds' | 'minutes',
) {
  const { value, ttlMs } = await kv.increment(key, limit.windowMs)
  if (value <= limit.max) return
  const wait =
    unit === 'seconds' ? `${Math.ceil(ttlMs / 1000)} seconds` : `${Math.ceil(ttlMs / 60_000)} minute(s)`
  const message =
    unit === 'seconds'
      ? `Too many requests. Please try again in ${wait}.`
      : `Too many attempts. Please try again in ${wait}.`
  throw new AppError(429, 'GATEWAY_RATE_LIMITED', message)
}

/** The overall limit per client address on API calls; `request.ip` trusts X-Forwarded-For only from TRUSTED_PROXIES. */
export function registerRateLimit(app: FastifyInstance, options: { kv: KeyValueStore } & Limit): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return
    await enforceLimit(options.kv, `rate:global:${request.ip}`, options, 'seconds')
  })
}
