import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../src/errors.ts'
import type { Identity } from '../src/identity.ts'
import { createServiceClient } from '../src/service-client.ts'
import { createServiceApp } from '../src/service.ts'
import {
  createEmbeddedDependencies,
  identityHeaders,
  TEST_KEYS,
} from '../src/testing/service-dependencies.ts'

const ada: Identity = { userId: 12, role: 'standard', username: 'ada@example.com', mustChangePassword: false }

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
let app: FastifyInstance
let baseUrl: string
const hits = { flaky: 0, create: 0 }

beforeEach(async () => {
  hits.flaky = 0
  hits.create = 0
  dependencies = await createEmbeddedDependencies('profiles')
  app = createServiceApp('profiles', dependencies)
  const forAdvice = {
    config: { access: { services: ['advice'] as const } },
    schema: { response: { 200: z.unknown(), 503: z.unknown() } },
  }
  app.get('/internal/whoami', forAdvice, async (request) => ({
    caller: request.caller,
    userId: request.identity?.userId ?? null,
    requestId: request.id,
  }))
  app.get('/internal/flaky', forAdvice, async (_request, reply) => {
    hits.flaky += 1
    if (hits.flaky < 3) return reply.status(503).send({ message: 'busy', code: 'PROFILES_BUSY' })
    return { attempts: hits.flaky }
  })
  app.post('/internal/create', forAdvice, async (_request, reply) => {
    hits.create += 1
    return reply.status(503).send({ message: 'busy', code: 'PROFILES_BUSY' })
  })
  app.get('/internal/slow', forAdvice, async () => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    return { late: true }
  })
  app.get('/internal/refused', forAdvice, async () => {
    throw new AppError(403, 'PROFILES_FORBIDDEN', 'You do not have access to this profile')
  })
  app.get('/internal/broken', forAdvice, async () => {
    throw new Error('a stack trace with internals')
  })
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
    const answer = await client().request({
      method: 'GET',
      path: '/internal/whoami',
      actingFor: ada,
      response: z.object({ caller: z.string(), userId: z.number().nullable() }),
    })
    expect(answer).toEqual({ caller: 'advice', userId: 12 })
  })

  it("passes on the id of the request being handled, so both services' lines share it", async () => {
    const whoami = z.object({ requestId: z.string() })
    const adviceDependencies = await createEmbeddedDependencies('advice')
    const advice = createServiceApp('advice', adviceDependencies)
    // A POST with a body, which is read before the handler runs, and two calls apart in time.
    advice.post(
      '/api/ask',
      { config: { access: 'signed-in' }, schema: { response: { 200: z.unknown() } } },
      async (request) => {
        const first = await client().request({ method: 'GET', path: '/internal/whoami', response: whoami })
        await new Promise((resolve) => setTimeout(resolve, 10))
        const second = await client().request({ method: 'GET', path: '/internal/whoami', response: whoami })
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
      const alone = await client().request({ method: 'GET', path: '/internal/whoami', response: whoami })
      expect(alone.requestId).toMatch(/^[\w-]{12}$/)
      expect(answers.flatMap((answer) => answer.called)).not.toContain(alone.requestId)
    } finally {
      await advice.close()
      await adviceDependencies.close()
    }
  })

  it('is refused where its service is not listed', async () => {
    expect(
      await failureOf(
        client('import').request({ method: 'GET', path: '/internal/whoami', response: z.unknown() }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'PROFILES_FORBIDDEN' })
  })

  it('retries an idempotent call a bounded number of times, and never a POST', async () => {
    const flaky = await client().request({
      method: 'GET',
      path: '/internal/flaky',
      response: z.object({ attempts: z.number() }),
    })
    expect(flaky).toEqual({ attempts: 3 })
    expect(
      await failureOf(
        client().request({ method: 'POST', path: '/internal/create', body: {}, response: z.unknown() }),
      ),
    ).toMatchObject({ statusCode: 503, code: 'ADVICE_UPSTREAM_UNAVAILABLE' })
    expect(hits.create).toBe(1)
  })

  it('gives up after its timeout with a 503, and maps failures to { message, code }', async () => {
    expect(
      await failureOf(
        client('advice', 100).request({ method: 'GET', path: '/internal/slow', response: z.unknown() }),
      ),
    ).toMatchObject({ statusCode: 503, code: 'ADVICE_UPSTREAM_UNAVAILABLE' })
    expect(
      await failureOf(client().request({ method: 'GET', path: '/internal/refused', response: z.unknown() })),
    ).toEqual({
      statusCode: 403,
      code: 'PROFILES_FORBIDDEN',
      message: 'You do not have access to this profile',
    })
    const broken = await failureOf(
      client().request({ method: 'GET', path: '/internal/broken', response: z.unknown() }),
    )
    expect(broken).toMatchObject({ statusCode: 502, code: 'ADVICE_UPSTREAM_FAILED' })
    expect(broken.message).not.toContain('stack')
    expect(
      await failureOf(
        client().request({
          method: 'GET',
          path: '/internal/whoami',
          response: z.object({ other: z.string() }),
        }),
      ),
    ).toMatchObject({ statusCode: 502, code: 'ADVICE_UPSTREAM_BAD_ANSWER' })
  })

  it('answers 503 when nothing listens', async () => {
    const gone = createServiceClient({
      caller: 'advice',
      target: 'profiles',
      baseUrl: 'http://127.0.0.1:9',
      privateKey: TEST_KEYS.advice.privateKey,
      retries: 1,
    })
    expect(
      await failureOf(gone.request({ method: 'GET', path: '/internal/whoami', response: z.unknown() })),
    ).toMatchObject({
      statusCode: 503,
    })
  })
})
