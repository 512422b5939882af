import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyRateLimit from '@fastify/rate-limit'
import type { AddressLimitName, ApiRoute } from '@app/contracts/api'
import { Redis } from 'ioredis'
import { AppError } from '@app/kit/errors'
import { KeyValueUnavailableError } from '@app/kit/kv/port'
import { isApiPath } from '../canonical-url.ts'

export interface Limit {
  max: number
  windowMs: number
}

/**
 * What a per-address limit reads of a row: the catalog's own limit on it (`@app/contracts/api`), so this module
 * needs nothing of the route table's, and the route table nothing of this one's.
 */
export type LimitedRoute = Pick<ApiRoute, 'method' | 'path' | 'perAddressLimit'>

export interface RateLimitOptions {
  /** Every API call of one client address. */
  global: Limit
  perAddress: Record<AddressLimitName, Limit>
  /** Set in the cluster: counters live in Redis, shared by every gateway. Otherwise in this process. */
  redisUrl?: string | undefined
}

export interface RateLimits {
  /** Counts the request against its row's per-address limit, if the row has one, and refuses it past the limit. */
  enforceRouteLimit(rule: LimitedRoute, request: FastifyRequest, reply: FastifyReply): Promise<void>
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

/**
 * Rate limits on @fastify/rate-limit. `request.ip` believes X-Forwarded-For only from TRUSTED_PROXIES (Fastify's
 * `trustProxy`), so a client cannot pick its own bucket. A 429 carries Retry-After and the `{ message, code }` shape.
 * A Redis that cannot be reached fails closed with 503, like the session store.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<RateLimits> {
  let redis: Redis | undefined
  if (options.redisUrl) {
    // Its own connection, bounded like the key-value store's: an unreachable Redis fails calls at once.
    redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(100 * times, 1000),
    })
    redis.on('error', () => {})
    await redis.connect().catch(() => undefined)
    const client = redis
    app.addHook('onClose', async () => {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect())
      else client.disconnect()
    })
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'gateway-rate:' } : {}),
  })

  const limiter = (limit: Limit, scope: string): Limiter =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${scope}:${request.ip}`,
    })

  async function enforce(
    limit: Limiter,
    request: FastifyRequest,
    reply: FastifyReply,
    message: (seconds: number) => string,
  ) {
    let outcome: Awaited<ReturnType<Limiter>>
    try {
      outcome = await limit(request)
    } catch (error) {
      throw new KeyValueUnavailableError('The rate-limit store cannot be reached', { cause: error })
    }
    if (outcome.isAllowed || !outcome.isExceeded) return
    const seconds = Math.max(1, outcome.ttlInSeconds)
    reply.header('retry-after', String(seconds))
    reply.header('x-ratelimit-limit', String(outcome.max))
    reply.header('x-ratelimit-remaining', '0')
    throw new AppError(429, 'GATEWAY_RATE_LIMITED', message(seconds))
  }

  const global = limiter(options.global, 'global')
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url.split('?', 1)[0]!)) return
    await enforce(
      global,
      request,
      reply,
      (seconds) => `Too many requests. Please try again in ${seconds} seconds.`,
    )
  })

  const routeLimiters = new Map<LimitedRoute, Limiter>()
  return {
    async enforceRouteLimit(rule, request, reply) {
      if (!rule.perAddressLimit) return
      let limit = routeLimiters.get(rule)
      if (!limit) {
        limit = limiter(options.perAddress[rule.perAddressLimit], `route:${rule.method} ${rule.path}`)
        routeLimiters.set(rule, limit)
      }
      await enforce(
        limit,
        request,
        reply,
        (seconds) => `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
      )
    },
  }
}
