import { describeServiceShell } from '@app/kit/testing/service-shell'
import { buildApp } from '../src/app.ts'

describeServiceShell('auth', (dependencies) =>
  buildApp({
    ...dependencies,
    env: { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'long enough password' },
    announce: () => undefined,
  }),
)
