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
    const restarted = await startRedisServer({ port: local.port })
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
      await restarted.stop()
    }
  })
})
