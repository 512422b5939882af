import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../src/errors.ts'
import type { Identity } from '../src/identity.ts'
import type { InternalRoute } from '@app/contracts/internal'
import { internalRouteOptions } from '../src/api-route.ts'
import { createServiceClient, pathOf } from '../src/service-client.ts'
import { createServiceApp } from '../src/service.ts'
import type { ZodTypeProvider } from '../src/validation.ts'
import {
  createEmbeddedDependencies,
  identityHeaders,
  serviceHeaders,
  TEST_KEYS,
} from '../src/testing/service-dependencies.ts'

const ada: Identity = { userId: 12, role: 'standard', username: 'ada@example.com', mustChangePassword: false }

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
let app: FastifyInstance
let baseUrl: string
const hits = { flaky: 0, create: 0 }

/** Rows shaped like the internal route catalog's (@app/contracts/internal), of a profiles-like service. */
const row = <const R extends Omit<InternalRoute, 'service' | 'callers' | 'summary'>>(definition: R) =>
  ({ service: 'profiles', callers: ['advice'], summary: definition.path, ...definition }) as const
const WhoamiSchema = z.object({ caller: z.string(), userId: z.number().nullable(), requestId: z.string() })
const rows = {
  whoami: row({ method: 'GET', path: '/internal/whoami', response: WhoamiSchema }),
  flaky: row({ method: 'GET', path: '/internal/flaky', response: z.object({ attempts: z.number() }) }),
  create: row({ method: 'POST', path: '/internal/create', body: z.object({}), response: z.unknown() }),
  slow: row({ method: 'GET', path: '/internal/slow', response: z.unknown() }),
  refused: row({ method: 'GET', path: '/internal/refused', response: z.unknown() }),
  broken: row({ method: 'GET', path: '/internal/broken', response: z.unknown() }),
  /** The whoami route, read with a schema it does not answer. */
  misread: row({ method: 'GET', path: '/internal/whoami', response: z.object({ other: z.string() }) }),
  echo: row({
    method: 'POST',
    path: '/internal/echo/:id',
    params: z.object({ id: z.coerce.number().int().positive() }),
    querystring: z.object({ tag: z.string().optional() }),
    body: z.strictObject({ words: z.array(z.string()).min(1) }),
    response: z.object({ id: z.number(), tag: z.string().nullable(), words: z.array(z.string()) }),
  }),
}

beforeEach(async () => {
  hits.flaky = 0
  hits.create = 0
  dependencies = await createEmbeddedDependencies('profiles')
  app = createServiceApp('profiles', dependencies)
  app.get(rows.whoami.path, internalRouteOptions(rows.whoami), async (request) => ({
    caller: request.caller!,
    userId: request.identity?.userId ?? null,
    requestId: request.id,
  }))
  app.get(rows.flaky.path, internalRouteOptions(rows.flaky), async (_request, reply) => {
    hits.flaky += 1
    if (hits.flaky < 3) return reply.status(503).send({ message: 'busy', code: 'PROFILES_BUSY' })
    return { attempts: hits.flaky }
  })
  app.post(rows.create.path, internalRouteOptions(rows.create), async (_request, reply) => {
    hits.create += 1
    return reply.status(503).send({ message: 'busy', code: 'PROFILES_BUSY' })
  })
  app.get(rows.slow.path, internalRouteOptions(rows.slow), async () => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    return { late: true }
  })
  app.get(rows.refused.path, internalRouteOptions(rows.refused), async () => {
    throw new AppError(403, 'PROFILES_FORBIDDEN', 'You do not have access to this profile')
  })
  app.get(rows.broken.path, internalRouteOptions(rows.broken), async () => {
    throw new Error('a stack trace with internals')
  })
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(rows.echo.path, internalRouteOptions(rows.echo), async (request) => ({
      id: request.params.id,
      tag: request.query.tag ?? null,
      words: request.body.words,
    }))
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(async () => {
  await app.close()
  await dependencies.close()
})

const client = (caller: 'advice' | 'import' = 'advice', timeoutMs = 2000) =>
  createServiceClient({
    caller,
    target: 'profiles',
    baseUrl,
    privateKey: TEST_KEYS[caller].privateKey,
    timeoutMs,
  })

const failureOf = async (call: Promise<unknown>) => {
  try {
    await call
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const { statusCode, code, message } = error as AppError
    return { statusCode, code, message }
  }
  throw new Error('the call succeeded')
}

describe('the service client', () => {
  it('signs as the calling service for the called one, acting for the user it names', async () => {
    const answer = await client().request(rows.whoami, { actingFor: ada })
    expect(answer).toEqual({ caller: 'advice', userId: 12, requestId: expect.any(String) })
  })

  it("passes on the id of the request being handled, so both services' lines share it", async () => {
    const adviceDependencies = await createEmbeddedDependencies('advice')
    const advice = createServiceApp('advice', adviceDependencies)
    // A POST with a body, which is read before the handler runs, and two calls apart in time.
    advice.post(
      '/api/ask',
      { config: { access: 'signed-in' }, schema: { response: { 200: z.unknown() } } },
      async (request) => {
        const first = await client().request(rows.whoami)
        await new Promise((resolve) => setTimeout(resolve, 10))
        const second = await client().request(rows.whoami)
        return { own: request.id, called: [first.requestId, second.requestId] }
      },
    )
    try {
      const adviceUrl = await advice.listen({ port: 0, host: '127.0.0.1' })
      const ask = async () => {
        const response = await fetch(`${adviceUrl}/api/ask`, {
          method: 'POST',
          headers: { ...identityHeaders('advice', ada), 'content-type': 'application/json' },
          body: JSON.stringify({ question: 'who answers?' }),
        })
        expect(response.status).toBe(200)
        return z.object({ own: z.string(), called: z.array(z.string()) }).parse(await response.json())
      }
      const answers = await Promise.all([ask(), ask()])
      for (const answer of answers) expect(answer.called).toEqual([answer.own, answer.own])
      expect(answers[0]!.own).not.toBe(answers[1]!.own)
      // Outside a request there is no id to pass on: the called service names the call itself.
      const alone = await client().request(rows.whoami)
      expect(alone.requestId).toMatch(/^[\w-]{12}$/)
      expect(answers.flatMap((answer) => answer.called)).not.toContain(alone.requestId)
    } finally {
      await advice.close()
      await adviceDependencies.close()
    }
  })

  it('is refused where its service is not listed: by the called route, and before sending by the client', async () => {
    const response = await fetch(`${baseUrl}${rows.whoami.path}`, {
      headers: serviceHeaders('import', 'profiles'),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'PROFILES_FORBIDDEN' })
    await expect(client('import').request(rows.whoami)).rejects.toThrow(
      'import → profiles: GET /internal/whoami is not a call the catalog allows',
    )
    const ofAuth = { ...rows.whoami, service: 'auth' } as const
    await expect(client().request(ofAuth)).rejects.toThrow(/not a call the catalog allows/)
  })

  it("sends the row's parameters, query and body, validated at the called route by the same row", async () => {
    const answer = await client().request(rows.echo, {
      params: { id: 7 },
      query: { tag: 'a b/c' },
      body: { words: ['one', 'two'] },
    })
    expect(answer).toEqual({ id: 7, tag: 'a b/c', words: ['one', 'two'] })
    // Both ends read the row's types: a call that does not fit it fails the typecheck (never run).
    const misfits = () => [
      // @ts-expect-error the body's words are a list
      client().request(rows.echo, { params: { id: 7 }, query: {}, body: { words: 'one' } }),
      // @ts-expect-error the row's path needs its :id
      client().request(rows.echo, { query: {}, body: { words: ['one'] } }),
      // @ts-expect-error a GET row takes no body
      client().request(rows.whoami, { body: {} }),
    ]
    expect(typeof misfits).toBe('function')
    expect(pathOf(rows.echo, { params: { id: 7 }, query: { tag: 'a b/c' } })).toBe(
      '/internal/echo/7?tag=a+b%2Fc',
    )
    expect(() => pathOf(rows.echo, { params: {} })).toThrow('no value for :id')
    // What the row refuses at the called route comes back as the route's 400, not the caller's fault.
    expect(
      await failureOf(client().request(rows.echo, { params: { id: 7 }, query: {}, body: { words: [] } })),
    ).toMatchObject({ statusCode: 400 })
  })

  it('retries an idempotent call a bounded number of times, and never a POST', async () => {
    const flaky = await client().request(rows.flaky)
    expect(flaky).toEqual({ attempts: 3 })
    expect(await failureOf(client().request(rows.create, { body: {} }))).toMatchObject({
      statusCode: 503,
      code: 'ADVICE_UPSTREAM_UNAVAILABLE',
    })
    expect(hits.create).toBe(1)
  })

  it('gives up after its timeout with a 503, and maps failures to { message, code }', async () => {
    expect(await failureOf(client('advice', 100).request(rows.slow))).toMatchObject({
      statusCode: 503,
      code: 'ADVICE_UPSTREAM_UNAVAILABLE',
    })
    expect(await failureOf(client().request(rows.refused))).toEqual({
      statusCode: 403,
      code: 'PROFILES_FORBIDDEN',
      message: 'You do not have access to this profile',
    })
    const broken = await failureOf(client().request(rows.broken))
    expect(broken).toMatchObject({ statusCode: 502, code: 'ADVICE_UPSTREAM_FAILED' })
    expect(broken.message).not.toContain('stack')
    expect(await failureOf(client().request(rows.misread))).toMatchObject({
      statusCode: 502,
      code: 'ADVICE_UPSTREAM_BAD_ANSWER',
    })
  })

  it('answers 503 when nothing listens', async () => {
    const gone = createServiceClient({
      caller: 'advice',
      target: 'profiles',
      baseUrl: 'http://127.0.0.1:9',
      privateKey: TEST_KEYS.advice.privateKey,
      retries: 1,
    })
    expect(await failureOf(gone.request(rows.whoami))).toMatchObject({
      statusCode: 503,
    })
  })
})
