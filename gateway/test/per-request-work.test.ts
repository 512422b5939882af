import { createHook } from 'node:async_hooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import type { KeyValueStore } from '@app/kit/kv/port'
import { logIn, startGateway, startUpstream, testUsers } from './support/gateway.ts'

/**
 * What the gateway does for each signed-in request, counted: the CI-held part of the gateway's speed budget
 * (bench/README.md). Each count is one piece of per-request work that once grew the gateway's cost by itself:
 * verifying the cookie's signature and schema, signing an identity token, reading the session store
 * (docs/decisions/051-gateway-work-per-request.md), a promise in a hook or in the rate limiter.
 */

/** The embedded store, with every call it answers written down by name. */
function countedStore(calls: string[]): KeyValueStore {
  const store = createMemoryKeyValueStore()
  return new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(name))
        return (value as (...args: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

const tokens: Array<string | undefined> = []
let upstream: Awaited<ReturnType<typeof startUpstream>>
beforeAll(async () => {
  upstream = await startUpstream({ onIdentityToken: (token) => tokens.push(token) })
})
afterAll(async () => {
  await upstream.app.close()
})
afterEach(() => {
  vi.useRealTimers()
  tokens.length = 0
})

const REQUESTS = 20

describe('work per signed-in request', () => {
  it('verifies a cookie once, reads the session store once per request, and signs one token per user and audience', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') })
    const calls: string[] = []
    const { app } = await startGateway({ upstreamUrl: upstream.url, kv: countedStore(calls) })
    const verify = vi.spyOn(app.jwt, 'verify')
    const standard = await logIn(app, testUsers.standard)
    const administrator = await logIn(app, testUsers.administrator)
    calls.length = 0

    const call = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } })
    for (let index = 0; index < REQUESTS; index += 1) {
      const [asStandard, asAdministrator] = await Promise.all([call(standard), call(administrator)])
      expect(asStandard.json().identity).toMatchObject({ userId: 2, role: 'standard' })
      expect(asAdministrator.json().identity).toMatchObject({ userId: 1, role: 'administrator' })
    }

    // Each cookie's signature and claims are checked the first time it is seen, not on every request.
    expect(verify).toHaveBeenCalledTimes(2)
    // Revocation is read on every request, in one batch: never remembered, never two round trips.
    const reads = calls.filter((name) => name === 'get' || name === 'getMany')
    expect(reads).toEqual(Array.from({ length: 2 * REQUESTS }, () => 'getMany'))
    // One token per user for the audience, reused while it is young (decision 051).
    expect(tokens).toHaveLength(2 * REQUESTS)
    expect(new Set(tokens).size).toBe(2)

    // A token is reused for 20 s at most: then the same user gets a fresh one.
    vi.setSystemTime(new Date('2026-01-01T10:00:21Z'))
    expect((await call(standard)).statusCode).toBe(200)
    expect(new Set(tokens).size).toBe(3)
    expect(verify).toHaveBeenCalledTimes(2)
  })

  it('remembers nothing that outlives a logout or the token itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') })
    const { app } = await startGateway({ upstreamUrl: upstream.url })
    const verify = vi.spyOn(app.jwt, 'verify')
    const cookie = await logIn(app, testUsers.standard)
    const call = (session: string) =>
      app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session } })
    expect((await call(cookie)).statusCode).toBe(200)
    expect((await call(cookie)).statusCode).toBe(200)
    expect(verify).toHaveBeenCalledTimes(1)

    // A remembered cookie is refused the moment it expires, with no request in between.
    vi.setSystemTime(new Date('2026-01-01T10:30:01Z'))
    expect((await call(cookie)).statusCode).toBe(401)

    vi.setSystemTime(new Date('2026-01-01T11:00:00Z'))
    const second = await logIn(app, testUsers.standard)
    expect((await call(second)).statusCode).toBe(200)
    const logout = await app.inject({ method: 'POST', url: '/api/test-logout', cookies: { session: second } })
    expect(logout.statusCode).toBe(200)
    expect((await call(second)).statusCode).toBe(401)
  })

  it('never remembers a cookie that failed: each forged one is checked again', async () => {
    const { app } = await startGateway({ upstreamUrl: upstream.url })
    const verify = vi.spyOn(app.jwt, 'verify')
    const cookie = await logIn(app, testUsers.standard)
    const forged = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`
    for (let index = 0; index < 3; index += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/echo/signed-in',
        cookies: { session: forged },
      })
      expect(response.statusCode).toBe(401)
    }
    expect(verify).toHaveBeenCalledTimes(3)

    // A known cookie's signature on other claims is not the known cookie: it is verified, and refused.
    const [header, , signature] = cookie.split('.')
    const claims = Buffer.from(JSON.stringify({ sub: '1', role: 'administrator' })).toString('base64url')
    const response = await app.inject({
      method: 'GET',
      url: '/api/echo/signed-in',
      cookies: { session: `${header}.${claims}.${signature}` },
    })
    expect(response.statusCode).toBe(401)
    expect(verify).toHaveBeenCalledTimes(4)
  })

  it('makes no promise of its own beyond the revocation read and the proxied call', async () => {
    const calls: string[] = []
    const { app } = await startGateway({ upstreamUrl: upstream.url, kv: countedStore(calls) })
    const cookie = await logIn(app, testUsers.standard)
    const throughGateway = () =>
      app.inject({ method: 'GET', url: '/api/echo/signed-in', cookies: { session: cookie } })
    // The same answer straight from the service: its own promises, and inject's, counted alike.
    const direct = () => upstream.app.inject({ method: 'GET', url: '/api/echo/signed-in' })
    for (let index = 0; index < REQUESTS; index += 1) await Promise.all([throughGateway(), direct()])

    let promises = 0
    const counter = createHook({
      init: (_id, type) => {
        if (type === 'PROMISE') promises += 1
      },
    })
    // The median of the requests' counts: now and then the test runner reports progress to its own process
    // in the middle of one request, with promises of its own that no request made.
    const promisesPer = async (call: () => Promise<{ statusCode: number }>) => {
      const counts: number[] = []
      for (let index = 0; index < REQUESTS; index += 1) {
        promises = 0
        counter.enable()
        try {
          expect((await call()).statusCode).toBe(200)
        } finally {
          counter.disable()
        }
        counts.push(promises)
      }
      return counts.sort((a, b) => a - b)[Math.floor(REQUESTS / 2)]!
    }
    const service = await promisesPer(direct)
    const gateway = await promisesPer(throughGateway)
    // Hooks are callbacks and the limits are counted in this process without one (decision 067): two
    // promises more than the service alone, the session store's read and the proxied call's. Each async hook or
    // awaited limiter would add at least one per request; the landed code made 16 more.
    expect(gateway).toBeLessThanOrEqual(service + 2)
    expect(calls.filter((name) => name === 'getMany')).toHaveLength(2 * REQUESTS)
  })
})
