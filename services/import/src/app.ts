import { randomUUID } from 'node:crypto'
import { createServiceApp, requiredClients, type ServiceOptions } from '@app/kit/service'
import type { ImportEnv } from './config.ts'
import { USERS_DELETED } from '@app/contracts/events'
import { createAccountDeletions, DELETIONS_GROUP } from './account-deletions.ts'
import { createImportRunner } from './import-runner.ts'
import { createRecovery } from './recovery.ts'
import { createImportJobsRepository } from './repositories/import-jobs-repository.ts'
import { importRoutes } from './routes/import-routes.ts'
import { createImportAudit } from './import-audit.ts'

/** How jobs run besides the batch settings of config.ts; the defaults suit production, tests shorten the clocks. */
export interface ImportJobSettings {
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

export interface ImportOptions extends ServiceOptions<ImportEnv> {
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
  const { config } = options
  const { auth, profiles } = requiredClients('import', options.clients, ['auth', 'profiles'])
  const settings: ImportJobSettings = {
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
    batchSize: config.IMPORT_BATCH_SIZE,
    batchesInFlight: config.IMPORT_BATCHES_IN_FLIGHT,
    heartbeatMs: settings.heartbeatMs,
    instanceId,
    retryDelaysMs: settings.retryDelaysMs,
  })
  const audit = createImportAudit(options.bus, app.log)
  const recovery = createRecovery({
    repository,
    runner,
    log: app.log,
    audit,
    instanceId,
    staleAfterMs: settings.staleAfterMs,
  })
  app.decorate('recoverImports', () => recovery.sweep())
  await app.subscribe(
    USERS_DELETED,
    DELETIONS_GROUP,
    createAccountDeletions(repository, () => options.store.compact()).userDeleted,
  )
  await app.register(importRoutes, {
    repository,
    runner,
    keepAliveMs: settings.keepAliveMs,
    passwordFormat: config.IMPORT_PASSWORD_FORMAT,
    auth,
    audit,
  })

  let sweeper: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    void recovery.sweep()
    sweeper = setInterval(() => void recovery.sweep(), settings.sweepMs)
    sweeper.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    // Batches in flight finish; their jobs stay `running`, and the next start finishes them.
    await runner.stop()
    await recovery.idle()
    await audit.idle()
  })
  return app
}
