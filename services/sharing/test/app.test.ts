import { describe, expect, it } from 'vitest'
import { testConfig } from '@app/kit/testing/config'
import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createEmbeddedDependencies, testServiceClient } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { sharingEnvSchema } from '../src/config.ts'
import { TOKEN_KEY } from './support/sharing-product.ts'

const config = testConfig('sharing', sharingEnvSchema, { INVITATION_TOKEN_KEY: TOKEN_KEY })
// Nothing listens on the discard port: the shell answers without calling auth or profiles.
const client = (target: 'auth' | 'profiles') => testServiceClient('sharing', target, 'http://127.0.0.1:9')

describeServiceShell('sharing', (dependencies) =>
  buildApp({
    ...dependencies,
    clients: { auth: client('auth'), profiles: client('profiles') },
    config,
    mailer: { send: async () => undefined },
  }),
)

describe('a sharing app without a client of a service it calls', () => {
  it('does not build, and names the address it lacks (docs/decisions/054-missing-dependencies.md)', async () => {
    const dependencies = await createEmbeddedDependencies('sharing')
    try {
      await expect(buildApp({ ...dependencies, config, clients: { auth: client('auth') } })).rejects.toThrow(
        'sharing: no client of a service it calls; set PROFILES_SERVICE_URL',
      )
      await expect(buildApp({ ...dependencies, config })).rejects.toThrow(
        'set AUTH_SERVICE_URL, PROFILES_SERVICE_URL',
      )
    } finally {
      await dependencies.close()
    }
  })
})
