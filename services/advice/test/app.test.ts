import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies()
})
afterEach(async () => {
  await dependencies.close()
})

describe('the advice service', () => {
  it('reports its health without an identity', async () => {
    const app = await buildApp(dependencies)
    const response = await app.inject({ method: 'GET', url: '/health' })
    expect(response.json()).toEqual({ status: 'ok', service: 'advice', store: true, bus: true, kv: true })
  })

  it("refuses requests that did not come through the gateway", async () => {
    const app = await buildApp(dependencies)
    const direct = await app.inject({ method: 'GET', url: '/api/anything' })
    expect(direct.statusCode).toBe(401)
    const throughGateway = await app.inject({ method: 'GET', url: '/api/anything', headers: identityHeaders(null) })
    expect(throughGateway.statusCode).toBe(404)
    expect(throughGateway.json().code).toBe('ADVICE_NOT_FOUND')
  })
})
