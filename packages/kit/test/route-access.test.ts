import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Identity } from '../src/identity.ts'
import { createServiceApp } from '../src/service.ts'
import {
  createEmbeddedDependencies,
  identityHeaders,
  serviceHeaders,
} from '../src/testing/service-dependencies.ts'

const AnswerSchema = z.object({ caller: z.string().nullable(), userId: z.number().nullable() })
const answers = { response: { 200: AnswerSchema } }

const user = (role: Identity['role'], mustChangePassword = false): Identity => ({
  userId: 9,
  role,
  username: `${role}@example.com`,
  mustChangePassword,
})

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('profiles')
})
afterEach(async () => {
  await dependencies.close()
})

const answer = async (request: { identity: Identity | null; caller: string | null }) => ({
  caller: request.caller,
  userId: request.identity?.userId ?? null,
})

async function profilesLikeApp() {
  const app = createServiceApp('profiles', dependencies)
  app.get('/api/open', { config: { access: 'public' }, schema: answers }, answer)
  app.get('/api/mine', { config: { access: 'signed-in' }, schema: answers }, answer)
  app.get(
    '/api/password',
    { config: { access: 'signed-in', duringPasswordChange: true }, schema: answers },
    answer,
  )
  app.get('/api/admin', { config: { access: ['administrator'] }, schema: answers }, answer)
  app.get('/internal/for-advice', { config: { access: { services: ['advice'] } }, schema: answers }, answer)
  await app.ready()
  return app
}

const get = async (
  app: Awaited<ReturnType<typeof profilesLikeApp>>,
  url: string,
  headers: Record<string, string>,
) => {
  const response = await app.inject({ method: 'GET', url, headers })
  return { status: response.statusCode, body: response.json() }
}

describe('every route says who may call it, and the service enforces it', () => {
  it('refuses to build an app with a route that declares nobody', async () => {
    const app = createServiceApp('profiles', dependencies)
    expect(() => app.get('/api/undeclared', { schema: answers }, answer)).toThrow(/declares no access/)
    expect(() => app.get('/api/unshaped', { config: { access: 'signed-in' } }, answer)).toThrow(
      /declares no success answer/,
    )
    expect(() =>
      app.get('/api/for-services', { config: { access: { services: ['advice'] } }, schema: answers }, answer),
    ).toThrow(/only \/internal/)
    expect(() =>
      app.get('/internal/for-users', { config: { access: 'signed-in' }, schema: answers }, answer),
    ).toThrow(/only \/internal/)
    await app.close()
  })

  it('admits users by role through the gateway, as declared', async () => {
    const app = await profilesLikeApp()
    expect(await get(app, '/api/open', identityHeaders('profiles', null))).toEqual({
      status: 200,
      body: { caller: 'gateway', userId: null },
    })
    expect((await get(app, '/api/mine', identityHeaders('profiles', null))).status).toBe(401)
    expect(await get(app, '/api/mine', identityHeaders('profiles', user('guest_standard')))).toEqual({
      status: 200,
      body: { caller: 'gateway', userId: 9 },
    })
    expect((await get(app, '/api/admin', identityHeaders('profiles', user('standard')))).body.code).toBe(
      'PROFILES_FORBIDDEN',
    )
    expect((await get(app, '/api/admin', identityHeaders('profiles', user('administrator')))).status).toBe(
      200,
    )
  })

  it('lets a session that must change its password reach only the routes that allow it', async () => {
    const app = await profilesLikeApp()
    const pending = identityHeaders('profiles', user('administrator', true))
    expect((await get(app, '/api/admin', pending)).body.code).toBe('PROFILES_PASSWORD_CHANGE_REQUIRED')
    expect((await get(app, '/api/password', pending)).status).toBe(200)
  })

  it('admits only the listed services to an internal route, and no service to a user route', async () => {
    const app = await profilesLikeApp()
    const administrator = user('administrator')
    expect(
      await get(app, '/internal/for-advice', serviceHeaders('advice', 'profiles', administrator)),
    ).toEqual({
      status: 200,
      body: { caller: 'advice', userId: 9 },
    })
    // The gateway's token is for users: it opens no internal route.
    expect((await get(app, '/internal/for-advice', identityHeaders('profiles', administrator))).status).toBe(
      403,
    )
    // import calls profiles too, but this route does not list it.
    expect(
      (await get(app, '/internal/for-advice', serviceHeaders('import', 'profiles', administrator))).status,
    ).toBe(403)
    // questions does not call profiles at all: profiles does not even hold its key.
    expect((await get(app, '/internal/for-advice', serviceHeaders('questions', 'profiles'))).status).toBe(401)
    // A service acting for an administrator is still not the gateway.
    expect((await get(app, '/api/admin', serviceHeaders('advice', 'profiles', administrator))).status).toBe(
      403,
    )
    // A token addressed to another service.
    expect(
      (await get(app, '/internal/for-advice', serviceHeaders('advice', 'auth', administrator))).status,
    ).toBe(401)
  })
})
