import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies()
})
afterEach(async () => {
  await dependencies.close()
})

describe('the auth service', () => {
  it('reports its health without an identity and refuses other direct calls', async () => {
    const app = await buildApp({ ...dependencies, env: { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'long enough password' } })
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok', service: 'auth' })
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
  })
})
