import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createServiceClient } from '@app/kit/service-client'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { TOKEN_KEY } from './support/sharing-product.ts'

describeServiceShell('sharing', (dependencies) =>
  buildApp({
    ...dependencies,
    // The shell answers without calling auth or profiles; the clients only need to exist.
    clients: {
      auth: createServiceClient({
        caller: 'sharing',
        target: 'auth',
        baseUrl: 'http://127.0.0.1:9',
        privateKey: TEST_KEYS.sharing.privateKey,
      }),
      profiles: createServiceClient({
        caller: 'sharing',
        target: 'profiles',
        baseUrl: 'http://127.0.0.1:9',
        privateKey: TEST_KEYS.sharing.privateKey,
      }),
    },
    env: { INVITATION_TOKEN_KEY: TOKEN_KEY },
    mailer: { send: async () => undefined },
  }),
)
