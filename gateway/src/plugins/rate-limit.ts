import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import fastifyRateLimit from '@fastify/rate-limit'
import type { AddressLimitName, ApiRoute } from '@app/contracts/api'
import { Redis } from 'ioredis'
import { AppError } from '@app/kit/errors'
import { KeyValueUnavailableError } from '@app/kit/kv/port'
import { routeOf } from '../request-route.ts'

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

/** A refusal, or nothing; a promise only where the counters live in Redis. */
export type LimitCheck = AppError | undefined | Promise<AppError | undefined>

export interface RateLimits {
  /** Counts the request against its row's per-address limit, if the row has one, and refuses it past the limit. */
  enforceRouteLimit(rule: LimitedRoute, request: FastifyRequest, reply: FastifyReply): LimitCheck
}

/** Counts one request of a client address: 0 within the limit, else the milliseconds until its window ends. */
type Counter = (request: FastifyRequest) => number | Promise<number>

/** Client addresses remembered per limit in this process, as @fastify/rate-limit's own store keeps (5,000). */
const MEMORY_CAPACITY = 5000

/**
 * A fixed window per address, counted in this process: what @fastify/rate-limit's local store does, without
 * its promises (docs/decisions/067-gateway-limits-counted-in-process.md). Past the capacity the window started
 * longest ago is forgotten first.
 */
function memoryCounter(limit: Limit): Counter {
  const windows = new Map<string, { count: number; startMs: number }>()
  return ({ ip: address }) => {
    const now = Date.now()
    let window = windows.get(address)
    if (!window || window.startMs + limit.windowMs <= now) {
      if (window) windows.delete(address)
      else if (windows.size >= MEMORY_CAPACITY) windows.delete(windows.keys().next().value!)
      window = { count: 0, startMs: now }
      windows.set(address, window)
    }
    window.count += 1
    return window.count > limit.max ? Math.max(1, window.startMs + limit.windowMs - now) : 0
  }
}

/** Counters in Redis, shared by every gateway, through @fastify/rate-limit's Redis store. */
async function redisCounters(app: FastifyInstance, redisUrl: string) {
  // Its own connection, bounded like the key-value store's: an unreachable Redis fails calls at once.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  })
  redis.on('error', () => {})
  await redis.connect().catch(() => undefined)
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
    else redis.disconnect()
  })
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: 'gateway-rate:' })
  return (limit: Limit, scope: string): Counter => {
    const limiter = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${scope}:${request.ip}`,
    })
    return (request) =>
      limiter(request).then((outcome) =>
        !outcome.isAllowed && outcome.isExceeded ? Math.max(1, outcome.ttl) : 0,
      )
  }
}

/** What a refused request gets: 429 with Retry-After and the `{ message, code }` shape. */
function refusal(
  waitMs: number,
  max: number,
  reply: FastifyReply,
  message: (seconds: number) => string,
): AppError | undefined {
  if (waitMs === 0) return undefined
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  reply.header('retry-after', String(seconds))
  reply.header('x-ratelimit-limit', String(max))
  reply.header('x-ratelimit-remaining', '0')
  return new AppError(429, 'GATEWAY_RATE_LIMITED', message(seconds))
}

function check(
  count: Counter,
  limit: Limit,
  request: FastifyRequest,
  reply: FastifyReply,
  message: (seconds: number) => string,
): LimitCheck {
  const waitMs = count(request)
  if (typeof waitMs === 'number') return refusal(waitMs, limit.max, reply, message)
  return waitMs.then(
    (wait) => refusal(wait, limit.max, reply, message),
    (error: unknown) => {
      throw new KeyValueUnavailableError('The rate-limit store cannot be reached', { cause: error })
    },
  )
}

/** Hands a check's outcome to a callback hook's `done`, without a promise when there is none. */
export function settle(result: LimitCheck, done: (error?: Error) => void): void {
  if (result instanceof Promise) result.then((error) => done(error), done)
  else done(result)
}

/**
 * Rate limits per client address. `request.ip` believes X-Forwarded-For only from TRUSTED_PROXIES (Fastify's
 * `trustProxy`), so a client cannot pick its own bucket. A 429 carries Retry-After and the `{ message, code }` shape.
 * A Redis that cannot be reached fails closed with 503, like the session store.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<RateLimits> {
  const counter = options.redisUrl
    ? await redisCounters(app, options.redisUrl)
    : (limit: Limit) => memoryCounter(limit)

  const global = counter(options.global, 'global')
  const tooMany = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`
  // A callback hook: in this process the count is synchronous, and this runs on every API request.
  const globalLimit: onRequestHookHandler = (request, reply, done) => {
    const route = routeOf(request.raw)
    if (!route.ok || !route.api) return done()
    settle(check(global, options.global, request, reply, tooMany), done)
  }
  app.addHook('onRequest', globalLimit)

  const tooManyAttempts = (seconds: number) =>
    `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`
  const routeCounters = new Map<LimitedRoute, Counter>()
  return {
    enforceRouteLimit(rule, request, reply) {
      if (!rule.perAddressLimit) return undefined
      const limit = options.perAddress[rule.perAddressLimit]
      let count = routeCounters.get(rule)
      if (!count) {
        count = counter(limit, `route:${rule.method} ${rule.path}`)
        routeCounters.set(rule, count)
      }
      return check(count, limit, request, reply, tooManyAttempts)
    },
  }
}
