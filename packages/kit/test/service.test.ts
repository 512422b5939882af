import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createServiceApp } from '../src/service.ts'
import { AppError } from '../src/errors.ts'
import { createEmbeddedDependencies, identityHeaders } from '../src/testing/service-dependencies.ts'

const standard = {
  userId: 7,
  role: 'standard' as const,
  username: 'sam@example.com',
  mustChangePassword: false,
}

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('questions')
})
afterEach(async () => {
  await dependencies.close()
})

async function demoApp() {
  const app = createServiceApp('questions', dependencies)
  app.post(
    '/api/notes',
    {
      config: { access: 'public' },
      schema: {
        response: { 200: z.object({ title: z.string(), stars: z.number(), by: z.number().nullable() }) },
        body: z.object({ title: z.string().min(1), stars: z.number().int().min(0).max(5) }).strict(),
      },
    },
    async (request) => ({
      title: request.body.title,
      stars: request.body.stars,
      by: request.identity?.userId ?? null,
    }),
  )
  app.get(
    '/api/boom',
    { config: { access: 'signed-in' }, schema: { response: { 200: z.unknown() } } },
    async () => {
      throw new Error('secret internals')
    },
  )
  app.get(
    '/api/teapot',
    { config: { access: 'signed-in' }, schema: { response: { 200: z.unknown() } } },
    async () => {
      throw new AppError(418, 'QUESTIONS_TEAPOT', 'I am a teapot')
    },
  )
  await app.ready()
  return app
}

const post = (
  app: Awaited<ReturnType<typeof demoApp>>,
  payload: string,
  headers: Record<string, string> = identityHeaders('questions', standard),
) =>
  app.inject({
    method: 'POST',
    url: '/api/notes',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('a service built on the kit', () => {
  it('answers /health without an identity and reports its adapters', async () => {
    const app = await demoApp()
    const response = await app.inject({ method: 'GET', url: '/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', service: 'questions', store: true, bus: true, kv: true })
  })

  it("refuses calls without the gateway's identity token, or with a forged one", async () => {
    const app = await demoApp()
    for (const headers of [
      {} as Record<string, string>,
      { 'x-internal-identity': 'forged' },
      {
        'x-internal-identity':
          identityHeaders('questions', standard)['x-internal-identity']!.slice(0, -2) + 'xx',
      },
    ]) {
      const response = await post(app, '{"title":"a","stars":1}', headers)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        message: 'Authentication required',
        code: 'QUESTIONS_UNAUTHENTICATED',
      })
    }
  })

  it('knows the caller from the token, and nobody for an anonymous request through the gateway', async () => {
    const app = await demoApp()
    expect((await post(app, '{"title":"a","stars":1}')).json()).toEqual({ title: 'a', stars: 1, by: 7 })
    expect((await post(app, '{"title":"a","stars":1}', identityHeaders('questions', null))).json()).toEqual({
      title: 'a',
      stars: 1,
      by: null,
    })
  })

  it('answers bad input with a 4xx JSON error, never a 5xx', async () => {
    const app = await demoApp()
    const cases: Array<[string, number, RegExp]> = [
      ['{"title":', 400, /JSON/i],
      ['{"title":"a","stars":"5"}', 400, /^stars: /],
      ['{"title":{"$ne":null},"stars":1}', 400, /^title: /],
      ['{"title":["a"],"stars":1}', 400, /^title: /],
      ['{"title":"a","stars":1,"role":"administrator"}', 400, /role/],
      ['{"title":"a","stars":1,"__proto__":{"polluted":true}}', 400, /.+/],
      ['[]', 400, /.+/],
    ]
    for (const [payload, status, message] of cases) {
      const response = await post(app, payload)
      expect(response.statusCode, payload).toBe(status)
      expect(response.json().message, payload).toMatch(message)
      expect(response.json().code, payload).toMatch(/^QUESTIONS_/)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses oversized bodies with 413', async () => {
    const app = await demoApp()
    const response = await post(app, JSON.stringify({ title: 'x'.repeat(1_200_000), stars: 1 }))
    expect(response.statusCode).toBe(413)
    expect(response.json().code).toBe('QUESTIONS_CTP_BODY_TOO_LARGE')
  })

  it('answers unknown routes with a JSON 404 and hides the message of unexpected failures', async () => {
    const app = await demoApp()
    const missing = await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: identityHeaders('questions', standard),
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      message: 'Route GET /api/nothing not found',
      code: 'QUESTIONS_NOT_FOUND',
    })
    const boom = await app.inject({
      method: 'GET',
      url: '/api/boom',
      headers: identityHeaders('questions', standard),
    })
    expect(boom.statusCode).toBe(500)
    expect(boom.json()).toEqual({ message: 'Internal server error', code: 'QUESTIONS_INTERNAL' })
    const teapot = await app.inject({
      method: 'GET',
      url: '/api/teapot',
      headers: identityHeaders('questions', standard),
    })
    expect(teapot.json()).toEqual({ message: 'I am a teapot', code: 'QUESTIONS_TEAPOT' })
  })
})

describe('answers', () => {
  it('carry only what their schema declares, and an answer that breaks it never leaves the service', async () => {
    const app = createServiceApp('questions', dependencies)
    const UserAnswerSchema = z.object({ id: z.number(), name: z.string() })
    app.get(
      '/api/user',
      { config: { access: 'public' }, schema: { response: { 200: UserAnswerSchema } } },
      async () => ({
        id: 1,
        name: 'Ada',
        passwordHash: '$argon2id$secret',
      }),
    )
    app.get(
      '/api/broken',
      { config: { access: 'public' }, schema: { response: { 200: UserAnswerSchema } } },
      async () => ({
        // What a handler typed loosely (a document read from the store) might hand back.
        ...({ id: 'one', name: 'Ada' } as unknown as { id: number; name: string }),
      }),
    )
    const user = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: identityHeaders('questions', null),
    })
    expect(user.json()).toEqual({ id: 1, name: 'Ada' })
    expect(user.body).not.toContain('argon2id')
    const broken = await app.inject({
      method: 'GET',
      url: '/api/broken',
      headers: identityHeaders('questions', null),
    })
    expect(broken.statusCode).toBe(500)
    expect(broken.json()).toEqual({ message: 'Internal server error', code: 'QUESTIONS_INTERNAL' })
  })
})

describe("a service's client address (decision 026)", () => {
  it('is the one the gateway states from loopback or a private network, and the socket from anywhere else', async () => {
    const app = createServiceApp('questions', dependencies)
    app.get(
      '/api/address',
      { config: { access: 'public' }, schema: { response: { 200: z.object({ ip: z.string() }) } } },
      async (request) => ({ ip: request.ip }),
    )
    await app.ready()
    const addressSeen = async (remoteAddress: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/address',
          remoteAddress,
          headers: { ...identityHeaders('questions', null), 'x-forwarded-for': '198.51.100.7' },
        })
      ).json().ip as string
    // The gateway on loopback (all-in-one, local cluster) or on the private network (compose, Kubernetes).
    for (const gateway of ['127.0.0.1', '::1', '10.1.2.3', '172.18.0.5', '192.168.4.4'])
      expect(await addressSeen(gateway), gateway).toBe('198.51.100.7')
    // A caller on a public address is not believed.
    expect(await addressSeen('203.0.113.50')).toBe('203.0.113.50')
  })
})
