import { describeServiceShell } from '@app/kit/testing/service-shell'
import { buildApp } from '../src/app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

describeServiceShell('auth', (dependencies) =>
  buildApp({
    ...dependencies,
    config: testConfig('auth', authEnvSchema, {
      ADMIN_EMAIL: 'a@example.com',
      ADMIN_PASSWORD: 'long enough password',
    }),
    announce: () => undefined,
  }),
)
