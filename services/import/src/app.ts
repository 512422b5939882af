import { randomUUID } from 'node:crypto'
import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import type { ServiceClient } from '@app/kit/service-client'
import type { ServiceName } from '@app/kit/services'
import type { ImportEnv } from './config.ts'
import { importErrors } from './errors.ts'
import { createImportRunner } from './import-runner.ts'
import { createRecovery } from './recovery.ts'
import { createImportJobsRepository } from './repositories/import-jobs-repository.ts'
import { importRoutes } from './routes/import-routes.ts'

/** How jobs run; the defaults suit production, tests shorten the clocks. */
export interface ImportJobSettings {
  batchSize: number
  batchesInFlight: number
  /** A running job records that its process is alive this often… */
  heartbeatMs: number
  /** …and one silent for this long is finished by another process or the next start (decision 013). */
  staleAfterMs: number
  /** How often this process looks for such jobs, besides once when it starts. */
  sweepMs: number
  /** A JSON answer still running after this sends its headers and then a space this often. */
  keepAliveMs: number
  retryDelaysMs: number[]
}

export interface ImportOptions extends ServiceDependencies {
  env?: Partial<Pick<ImportEnv, 'IMPORT_BATCH_SIZE' | 'IMPORT_BATCHES_IN_FLIGHT' | 'IMPORT_PASSWORD_FORMAT'>>
  jobs?: Partial<ImportJobSettings>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Finishes jobs whose process died; answers how many it finished. For start-up, the timer and tests. */
    recoverImports(): Promise<number>
  }
}

/** The import service: CSV parsing, import jobs, and the calls to auth and profiles that carry them out. */
export async function buildApp(options: ImportOptions) {
  // Processes always have both (config.ts requires their URLs); an app built without them, as some tests
  // do, refuses imports with 503 rather than starting jobs it cannot carry out.
  const connected = Boolean(options.clients?.auth && options.clients.profiles)
  const auth = options.clients?.auth ?? unavailableClient('auth')
  const profiles = options.clients?.profiles ?? unavailableClient('profiles')
  const settings: ImportJobSettings = {
    batchSize: options.env?.IMPORT_BATCH_SIZE ?? 100,
    batchesInFlight: options.env?.IMPORT_BATCHES_IN_FLIGHT ?? 2,
    heartbeatMs: 5_000,
    staleAfterMs: 30_000,
    sweepMs: 15_000,
    keepAliveMs: 5_000,
    retryDelaysMs: [1_000, 3_000],
    ...options.jobs,
  }
  const instanceId = randomUUID()
  const app = createServiceApp('import', options)
  // The repository and the job runner first, then the routes that use them.
  const repository = await createImportJobsRepository(options.store)
  const runner = createImportRunner({
    repository,
    auth,
    profiles,
    log: app.log,
    batchSize: settings.batchSize,
    batchesInFlight: settings.batchesInFlight,
    heartbeatMs: settings.heartbeatMs,
    instanceId,
    retryDelaysMs: settings.retryDelaysMs,
  })
  const recovery = createRecovery({
    repository,
    runner,
    log: app.log,
    instanceId,
    staleAfterMs: settings.staleAfterMs,
  })
  app.decorate('recoverImports', () => recovery.sweep())
  await app.register(importRoutes, {
    repository,
    runner,
    keepAliveMs: settings.keepAliveMs,
    connected,
    passwordFormat: options.env?.IMPORT_PASSWORD_FORMAT ?? 'random',
    auth,
  })

  let sweeper: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    if (!connected) return
    void recovery.sweep()
    sweeper = setInterval(() => void recovery.sweep(), settings.sweepMs)
    sweeper.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    // Batches in flight finish; their jobs stay `running`, and the next start finishes them.
    await runner.stop()
    await recovery.idle()
  })
  return app
}

function unavailableClient(target: ServiceName): ServiceClient {
  return { target, request: () => Promise.reject(importErrors.unavailable()) }
}
