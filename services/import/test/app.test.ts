import { describe, expect, it } from 'vitest'
import { testConfig } from '@app/kit/testing/config'
import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createEmbeddedDependencies, testServiceClient } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { importEnvSchema } from '../src/config.ts'

const config = testConfig('import', importEnvSchema)
// Nothing listens on the discard port: the shell answers without calling auth or profiles.
const client = (target: 'auth' | 'profiles') => testServiceClient('import', target, 'http://127.0.0.1:9')

describeServiceShell('import', (dependencies) =>
  buildApp({ ...dependencies, config, clients: { auth: client('auth'), profiles: client('profiles') } }),
)

describe('an import app without a client of a service it calls', () => {
  it('does not build, so no job is ever started that cannot be carried out (docs/decisions/054-missing-dependencies.md)', async () => {
    const dependencies = await createEmbeddedDependencies('import')
    try {
      await expect(
        buildApp({ ...dependencies, config, clients: { profiles: client('profiles') } }),
      ).rejects.toThrow('import: no client of a service it calls; set AUTH_SERVICE_URL')
      await expect(buildApp({ ...dependencies, config })).rejects.toThrow(
        'set AUTH_SERVICE_URL, PROFILES_SERVICE_URL',
      )
    } finally {
      await dependencies.close()
    }
  })
})
