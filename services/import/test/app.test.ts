import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createServiceClient } from '@app/kit/service-client'
import { describe, expect, it } from 'vitest'
import { createEmbeddedDependencies, identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { administrator } from './support/import-product.ts'

const client = (target: 'auth' | 'profiles') =>
  createServiceClient({
    caller: 'import',
    target,
    baseUrl: 'http://127.0.0.1:9',
    privateKey: TEST_KEYS.import.privateKey,
  })

describeServiceShell('import', (dependencies) =>
  // The shell answers without calling auth or profiles; the clients only need to exist.
  buildApp({ ...dependencies, clients: { auth: client('auth'), profiles: client('profiles') } }),
)

describe('an import app built without clients of auth and profiles', () => {
  it('refuses imports with 503 instead of starting a job it cannot carry out', async () => {
    const dependencies = await createEmbeddedDependencies('import')
    const app = await buildApp(dependencies)
    const response = await app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: identityHeaders('import', administrator),
      payload: {
        csvText: 'firstName,lastName,email,dScore,iScore,sScore,cScore\nAnn,Lee,ann@example.com,1,2,3,4',
      },
    })
    expect(response.statusCode).toBe(503)
    expect(response.json().code).toBe('IMPORT_UNAVAILABLE')
    const jobs = await app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: identityHeaders('import', administrator),
    })
    expect(jobs.json()).toEqual([])
    await app.close()
    await dependencies.close()
  })
})
