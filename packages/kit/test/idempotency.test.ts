import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createIdempotency, idempotentRouteOptions } from '../src/idempotency.ts'
import { createServiceApp } from '../src/service.ts'
import { createEmbeddedDependencies, identityHeaders } from '../src/testing/service-dependencies.ts'

const sam = { userId: 7, role: 'standard' as const, username: 'sam@example.com', mustChangePassword: false }
const kim = { userId: 8, role: 'standard' as const, username: 'kim@example.com', mustChangePassword: false }

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('questions')
})
afterEach(async () => {
  await dependencies.close()
})

/** Two idempotent routes over one scope: each call runs the handler once and says which item it touched. */
async function demoApp() {
  const app = createServiceApp('questions', dependencies)
  const idempotency = createIdempotency({
    kv: dependencies.kv,
    scope: 'questions:demo',
    errorPrefix: 'QUESTIONS',
  })
  const runs: string[] = []
  const answer = z.object({ item: z.string(), run: z.number(), note: z.string().nullable() })
  const routeOptions = {
    config: { access: 'signed-in' as const },
    schema: {
      params: z.object({ item: z.string() }),
      querystring: z.object({ copy: z.string().optional() }),
      body: z.object({ note: z.string().optional() }).nullish(),
      response: { 200: answer },
    },
  }
  const handler = async (request: {
    method: string
    params: { item: string }
    body?: { note?: string | undefined } | null | undefined
  }) => {
    runs.push(`${request.method} ${request.params.item}`)
    return { item: request.params.item, run: runs.length, note: request.body?.note ?? null }
  }
  app.post('/api/items/:item/accept', idempotentRouteOptions(routeOptions, idempotency), handler)
  app.put('/api/items/:item/accept', idempotentRouteOptions(routeOptions, idempotency), handler)
  await app.ready()
  return { app, runs }
}

type Demo = Awaited<ReturnType<typeof demoApp>>
const call = (
  demo: Demo,
  request: { method?: 'POST' | 'PUT'; url: string; key: string; caller?: typeof sam; payload?: object },
) =>
  demo.app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: { ...identityHeaders('questions', request.caller ?? sam), 'idempotency-key': request.key },
    ...(request.payload ? { payload: request.payload } : {}),
  })

describe('Idempotency-Key', () => {
  it('replays the first answer to the very same request, running it once', async () => {
    const demo = await demoApp()
    const first = await call(demo, { url: '/api/items/a/accept', key: 'k1', payload: { note: 'x' } })
    const again = await call(demo, { url: '/api/items/a/accept', key: 'k1', payload: { note: 'x' } })
    expect(first.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(demo.runs).toEqual(['POST a'])
  })

  it('answers 422 for the same key on another path of the same route, and runs nothing', async () => {
    const demo = await demoApp()
    expect((await call(demo, { url: '/api/items/a/accept', key: 'k2' })).json()).toMatchObject({ item: 'a' })
    const other = await call(demo, { url: '/api/items/b/accept', key: 'k2' })
    expect(other.statusCode).toBe(422)
    expect(other.json()).toEqual({
      code: 'QUESTIONS_IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request',
    })
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(demo.runs).toEqual(['POST a'])
  })

  it('answers 422 for the same key with another method, query or body', async () => {
    const demo = await demoApp()
    await call(demo, { url: '/api/items/a/accept', key: 'k3', payload: { note: 'x' } })
    const changes = [
      { method: 'PUT' as const, url: '/api/items/a/accept', payload: { note: 'x' } },
      { url: '/api/items/a/accept?copy=1', payload: { note: 'x' } },
      { url: '/api/items/a/accept', payload: { note: 'y' } },
      { url: '/api/items/a/accept' },
    ]
    for (const change of changes) {
      const response = await call(demo, { ...change, key: 'k3' })
      expect(response.statusCode, JSON.stringify(change)).toBe(422)
    }
    expect(demo.runs).toEqual(['POST a'])
  })

  it('keeps keys apart per caller: the same key from another user runs afresh', async () => {
    const demo = await demoApp()
    await call(demo, { url: '/api/items/a/accept', key: 'k4' })
    const other = await call(demo, { url: '/api/items/a/accept', key: 'k4', caller: kim })
    expect(other.statusCode).toBe(200)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(demo.runs).toEqual(['POST a', 'POST a'])
  })
})

describe('what an answered key keeps', () => {
  it('one entry, the answer: the claim is freed, and a repeat still replays without running again', async () => {
    // The real embedded store, watched: which keys hold a value once the request has been answered.
    const held = new Set<string>()
    const kv = dependencies.kv
    const watched = {
      ...kv,
      kind: kv.kind,
      get: kv.get.bind(kv),
      getMany: kv.getMany.bind(kv),
      ping: kv.ping.bind(kv),
      close: kv.close.bind(kv),
      async set(key: string, value: string, ttlMs?: number) {
        held.add(key)
        return kv.set(key, value, ttlMs)
      },
      async increment(key: string, ttlMs: number) {
        held.add(key)
        return kv.increment(key, ttlMs)
      },
      async delete(key: string) {
        held.delete(key)
        return kv.delete(key)
      },
    }
    const app = createServiceApp('questions', dependencies)
    const idempotency = createIdempotency({ kv: watched, scope: 'questions:kept', errorPrefix: 'QUESTIONS' })
    let runs = 0
    app.post(
      '/api/kept',
      idempotentRouteOptions(
        {
          config: { access: 'signed-in' as const },
          schema: { response: { 200: z.object({ run: z.number() }) } },
        },
        idempotency,
      ),
      async () => ({ run: (runs += 1) }),
    )
    await app.ready()
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/kept',
        headers: { ...identityHeaders('questions', sam), 'idempotency-key': 'kept-1' },
      })
    expect((await send()).json()).toEqual({ run: 1 })
    expect([...held].map((key) => key.split(':').at(-1))).toEqual(['answer'])
    const again = await send()
    expect(again.json()).toEqual({ run: 1 })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(runs).toBe(1)
    await app.close()
  })
})
