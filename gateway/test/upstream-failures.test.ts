import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createCircuitBreaker } from '../src/plugins/circuit-breaker.ts'
import { startGateway, startUpstream } from './support/gateway.ts'

const closing: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

async function gatewayTo(upstreamUrl: string) {
  const { app } = await startGateway({ upstreamUrl })
  closing.push(() => app.close())
  return app
}

const UNAVAILABLE = {
  message: 'The service is temporarily unavailable. Please try again shortly.',
  code: 'GATEWAY_UPSTREAM_UNAVAILABLE',
}

describe('a dead upstream', () => {
  it('answers 503 with Retry-After and a message naming no internals, then opens its breaker', async () => {
    // A port nobody listens on: every connection is refused.
    const app = await gatewayTo('http://127.0.0.1:1')
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await app.inject({ method: 'GET', url: '/api/echo' })
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual(UNAVAILABLE)
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(answer.body).not.toMatch(/127\\.0\\.0\\.1|ECONNREFUSED|auth/)
    }
    // Open: answered at once, without trying the dead service.
    const open = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(open.statusCode).toBe(503)
    expect(open.json()).toEqual(UNAVAILABLE)
    expect(Number(open.headers['retry-after'])).toBeGreaterThanOrEqual(4)
  })

  it('answers 503 when the service resets the connection', async () => {
    const resetting: Server = createServer((request) => request.socket.destroy())
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve))
    closing.push(() => new Promise((resolve) => resetting.close(resolve)))
    const app = await gatewayTo(`http://127.0.0.1:${(resetting.address() as AddressInfo).port}`)
    const answer = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toEqual(UNAVAILABLE)
  })

  it('answers 504 when the service does not answer in time', async () => {
    const silent: Server = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    closing.push(async () => {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    })
    const { app } = await startGateway({
      upstreamUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      env: { UPSTREAM_TIMEOUT_MS: '300' },
    })
    closing.push(() => app.close())
    const answer = await app.inject({ method: 'GET', url: '/api/echo' })
    expect(answer.statusCode).toBe(504)
    expect(answer.json()).toEqual({
      message: 'The service took too long to answer. Please try again shortly.',
      code: 'GATEWAY_UPSTREAM_TIMEOUT',
    })
    expect(answer.headers['retry-after']).toBeDefined()
  })

  it('keeps serving a live upstream normally', async () => {
    const upstream = await startUpstream()
    closing.push(() => upstream.app.close())
    const app = await gatewayTo(upstream.url)
    expect((await app.inject({ method: 'GET', url: '/api/echo' })).statusCode).toBe(200)
  })
})

describe('the circuit breaker', () => {
  it('opens after repeated failures, half-opens for one probe, and closes on its success', () => {
    let now = 0
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 5000, now: () => now })
    breaker.failure()
    breaker.failure()
    expect(breaker.state()).toBe('closed')
    breaker.failure()
    expect(breaker.state()).toBe('open')
    expect(breaker.allow()).toBe(false)
    expect(breaker.retryAfterSeconds()).toBe(5)
    now = 5000
    expect(breaker.state()).toBe('half-open')
    expect(breaker.allow()).toBe(true)
    // Only the one probe goes through while it runs.
    expect(breaker.allow()).toBe(false)
    breaker.failure()
    expect(breaker.state()).toBe('open')
    now = 10_000
    expect(breaker.allow()).toBe(true)
    breaker.success()
    expect(breaker.state()).toBe('closed')
    expect(breaker.allow()).toBe(true)
  })

  it('probes again when a probe never reports back, as when its client went away', () => {
    let now = 0
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 5000, now: () => now })
    breaker.failure()
    now = 5000
    expect(breaker.allow()).toBe(true)
    // Neither success nor failure is ever reported for that probe.
    now = 9999
    expect(breaker.allow()).toBe(false)
    now = 10_000
    expect(breaker.allow()).toBe(true)
    expect(breaker.allow()).toBe(false)
    breaker.success()
    expect(breaker.state()).toBe('closed')
    expect(breaker.allow()).toBe(true)
  })
})
