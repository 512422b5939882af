import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServiceDependencies } from '../service.ts'
import type { ServiceName } from '../services.ts'
import { createEmbeddedDependencies, identityHeaders } from './service-dependencies.ts'

/** What every service promises before its features: health without identity, nothing else without the gateway. */
export function describeServiceShell(
  name: ServiceName,
  build: (dependencies: ServiceDependencies) => Promise<FastifyInstance>,
) {
  describe(`the ${name} service shell`, () => {
    let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
    beforeEach(async () => {
      dependencies = await createEmbeddedDependencies(name)
    })
    afterEach(async () => {
      await dependencies.close()
    })

    it('reports its health without an identity', async () => {
      const app = await build(dependencies)
      const response = await app.inject({ method: 'GET', url: '/health' })
      expect(response.json()).toEqual({ status: 'ok', service: name, store: true, bus: true, kv: true })
    })

    it('refuses requests that did not come through the gateway', async () => {
      const app = await build(dependencies)
      const direct = await app.inject({ method: 'GET', url: '/api/anything' })
      expect(direct.statusCode).toBe(401)
      const throughGateway = await app.inject({
        method: 'GET',
        url: '/api/anything',
        headers: identityHeaders(name, null),
      })
      expect(throughGateway.statusCode).toBe(404)
      expect(throughGateway.json().code).toBe(`${name.toUpperCase()}_NOT_FOUND`)
    })
  })
}
