import { describeServiceShell } from '@app/kit/testing/service-shell'
import { createServiceClient } from '@app/kit/service-client'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'

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
