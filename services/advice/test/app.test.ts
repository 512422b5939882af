import { describe, expect, it } from 'vitest'
import { testConfig } from '@app/kit/testing/config'
import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createEmbeddedDependencies, testServiceClient } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { adviceEnvSchema } from '../src/config.ts'

const config = testConfig('advice', adviceEnvSchema)

describeServiceShell('advice', (dependencies) =>
  buildApp({
    ...dependencies,
    config,
    // Nothing listens on the discard port: the shell answers without calling profiles.
    clients: { profiles: testServiceClient('advice', 'profiles', 'http://127.0.0.1:9') },
  }),
)

describe('an advice app without a client of profiles', () => {
  it('does not build, and names the address it lacks (docs/decisions/054-missing-dependencies.md)', async () => {
    const dependencies = await createEmbeddedDependencies('advice')
    try {
      await expect(buildApp({ ...dependencies, config })).rejects.toThrow(
        'advice: no client of a service it calls; set PROFILES_SERVICE_URL',
      )
    } finally {
      await dependencies.close()
    }
  })
})
