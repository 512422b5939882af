import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { api } from '@app/contracts/api'
import { IMPORT_BODY_LIMIT_BYTES } from '@app/contracts/imports'
import type { Identity } from '../src/identity.ts'
import { apiRouteOptions } from '../src/api-route.ts'
import { BODY_LIMIT_BYTES, createServiceApp } from '../src/service.ts'
import { createEmbeddedDependencies, identityHeaders } from '../src/testing/service-dependencies.ts'

const administrator: Identity = {
  userId: 1,
  role: 'administrator',
  username: 'admin@example.com',
  mustChangePassword: false,
}

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('import')
})
afterEach(async () => {
  await dependencies.close()
})

/** A service with the catalog's DISC import route and one route of the default limit. */
async function importLikeApp() {
  const app = createServiceApp('import', dependencies)
  const result = { jobId: 'j', message: 'ok', totalRecords: 0, successfulRecords: 0, failedRecords: 0 }
  const answer = async () => ({ ...result, importedUsers: [], report: [] })
  app.post(api.importDisc.path, apiRouteOptions(api.importDisc), answer)
  app.post(api.importSingle.path, apiRouteOptions(api.importSingle), answer)
  await app.ready()
  return app
}

const csvBodyOfSize = (bytes: number) => `{"csvText":"${'x'.repeat(bytes - '{"csvText":""}'.length)}"}`

describe('apiRouteOptions: the body limit of the catalog', () => {
  it('gives a route that declares one its own limit, and every other route the default', async () => {
    const app = await importLikeApp()
    try {
      const post = (url: string, payload: string) =>
        app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json', ...identityHeaders('import', administrator) },
        })
      const tenMegabytes = csvBodyOfSize(10 * 1_048_576)
      expect((await post(api.importDisc.path, tenMegabytes)).statusCode).toBe(200)
      expect((await post(api.importDisc.path, csvBodyOfSize(IMPORT_BODY_LIMIT_BYTES + 1))).statusCode).toBe(
        413,
      )
      expect((await post(api.importSingle.path, csvBodyOfSize(BODY_LIMIT_BYTES + 1))).statusCode).toBe(413)
    } finally {
      await app.close()
    }
  })

  it('leaves routes without a limit of their own to the app', () => {
    expect(apiRouteOptions(api.importDisc)).toMatchObject({ bodyLimit: IMPORT_BODY_LIMIT_BYTES })
    expect(apiRouteOptions(api.importSingle)).not.toHaveProperty('bodyLimit')
  })
})
