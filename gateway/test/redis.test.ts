import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisKeyValueStore } from '@app/kit/kv/redis'
import { redisAvailable, startRedisServer, type RedisServer } from '@app/kit/testing/redis-server'
import { logIn, startGateway, startUpstream } from './support/gateway.ts'

describe.skipIf(!redisAvailable)('the gateway on Redis (cluster mode)', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let redis: RedisServer
  beforeAll(async () => {
    upstream = await startUpstream()
    redis = await startRedisServer()
  })
  afterAll(async () => {
    await upstream.app.close()
    await redis.stop()
  })

  it('shares revocations between gateways through Redis', async () => {
    const first = await startGateway({ upstreamUrl: upstream.url, kv: createRedisKeyValueStore(redis.url) })
    const second = await startGateway({ upstreamUrl: upstream.url, kv: createRedisKeyValueStore(redis.url) })
    const cookie = await logIn(first.app, { id: '9', role: 'standard', username: 'nina@example.com' })
    expect(
      (await second.app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
        .statusCode,
    ).toBe(200)
    await first.app.inject({ method: 'POST', url: '/api/test-logout', cookies: { session: cookie } })
    expect(
      (await second.app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
        .statusCode,
    ).toBe(401)
    await Promise.all([first.kv.close(), second.kv.close()])
  })

  it('fails closed with 503 when Redis is down, and recovers when it is back', async () => {
    const local = await startRedisServer()
    const { app, kv } = await startGateway({
      upstreamUrl: upstream.url,
      kv: createRedisKeyValueStore(local.url),
      env: { REDIS_URL: local.url },
    })
    const cookie = await logIn(app, { id: '9', role: 'standard', username: 'nina@example.com' })
    await local.stop()
    for (const request of [
      { method: 'GET' as const, url: '/api/echo/signed-in', cookies: { session: cookie } },
      { method: 'GET' as const, url: '/api/echo' },
    ]) {
      const response = await app.inject(request)
      expect(response.statusCode).toBe(503)
      expect(response.json().message).toBe(
        'The service is temporarily unavailable. Please try again shortly.',
      )
    }
    const restarted = await startRedisServer({ port: local.port, password: local.password })
    try {
      await expect
        .poll(
          async () =>
            (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
              .statusCode,
          { timeout: 5_000, interval: 100 },
        )
        .toBe(200)
    } finally {
      await kv.close()
      await app.close()
      await restarted.stop()
    }
  })

  it('starts while Redis is down, fails closed with 503, and limits again once Redis is up', async () => {
    // A port where no Redis answers yet.
    const probe = await startRedisServer()
    await probe.stop()
    const url = probe.url
    const { app, kv } = await startGateway({
      upstreamUrl: upstream.url,
      kv: createRedisKeyValueStore(url),
      env: { REDIS_URL: url, RATE_LIMIT_MAX: '2' },
    })
    let server: RedisServer | undefined
    try {
      const down = await app.inject({ method: 'GET', url: '/api/echo' })
      expect(down.statusCode).toBe(503)
      expect(down.json()).toMatchObject({ code: 'GATEWAY_UNAVAILABLE' })
      server = await startRedisServer({ port: probe.port, password: probe.password })
      const status = async () => (await app.inject({ method: 'GET', url: '/api/echo' })).statusCode
      await expect.poll(status, { timeout: 5000 }).toBe(200)
      expect(await status()).toBe(200)
      expect(await status()).toBe(429)
    } finally {
      await app.close()
      await kv.close()
      await server?.stop()
    }
  })

  it('shares rate limits between gateways through Redis, with Retry-After on the 429', async () => {
    const local = await startRedisServer()
    const env = { REDIS_URL: local.url, RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_MS: '30000' }
    const first = await startGateway({
      upstreamUrl: upstream.url,
      kv: createRedisKeyValueStore(local.url),
      env,
    })
    const second = await startGateway({
      upstreamUrl: upstream.url,
      kv: createRedisKeyValueStore(local.url),
      env,
    })
    try {
      const statuses = []
      for (const app of [first.app, second.app, first.app, second.app, first.app])
        statuses.push((await app.inject({ method: 'GET', url: '/api/echo' })).statusCode)
      expect(statuses).toEqual([200, 200, 200, 200, 429])
      const limited = await second.app.inject({ method: 'GET', url: '/api/echo' })
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ code: 'GATEWAY_RATE_LIMITED' })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(30)
    } finally {
      await Promise.all([first.app.close(), second.app.close(), first.kv.close(), second.kv.close()])
      await local.stop()
    }
  })

  it('keeps revocations when Redis restarts, even after a crash (append-only file)', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'gateway-redis-aof-'))
    let server = await startRedisServer({ dataDirectory })
    const { app, kv } = await startGateway({
      upstreamUrl: upstream.url,
      kv: createRedisKeyValueStore(server.url),
    })
    try {
      const user = { id: '12', role: 'standard', username: 'rita@example.com' }
      const loggedOut = await logIn(app, user)
      const kept = await logIn(app, { ...user, id: '13' })
      const revokedByAdmin = await logIn(app, { ...user, id: '14' })
      const admin = await logIn(app, { id: '1', role: 'administrator', username: 'a@example.com' })
      await app.inject({ method: 'POST', url: '/api/test-logout', cookies: { session: loggedOut } })
      const revoke = await app.inject({
        method: 'POST',
        url: '/api/test-revoke/14',
        cookies: { session: admin },
      })
      expect(revoke.statusCode).toBe(200)
      // A crash, not a clean shutdown: only what was on disk when each answer went out survives.
      server.kill()
      await new Promise((resolve) => setTimeout(resolve, 200))
      server = await startRedisServer({ port: server.port, password: server.password, dataDirectory })
      const status = async (cookie: string) =>
        (await app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } }))
          .statusCode
      await expect.poll(() => status(kept), { timeout: 5000 }).toBe(200)
      expect(await status(loggedOut)).toBe(401)
      expect(await status(revokedByAdmin)).toBe(401)
    } finally {
      await app.close()
      await kv.close()
      await server.stop()
      rmSync(dataDirectory, { recursive: true, force: true })
    }
  })
})
