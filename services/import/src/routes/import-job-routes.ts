import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import type { ImportJob } from '@app/contracts/imports'
import type { ImportPasswordFormat } from '@app/domain/first-passwords'
import { apiRouteOptions } from '@app/kit/api-route'
import type { ServiceClient } from '@app/kit/service-client'
import type { ZodTypeProvider } from '@app/kit/validation'
import { importErrors } from '../errors.ts'
import type { ImportRunner } from '../import-runner.ts'
import {
  reportOf,
  type ImportJobsRepository,
  type StoredJob,
} from '../repositories/import-jobs-repository.ts'
import { setPasswordLinksAvailable } from '../upstream-batches.ts'

/** The newest jobs `GET /api/admin/imports` lists. */
const LISTED_JOBS = 200

export interface ImportJobRoutesOptions {
  repository: ImportJobsRepository
  runner: Pick<ImportRunner, 'liveJob'>
  passwordFormat: ImportPasswordFormat
  auth: ServiceClient
}

/** What the import pages read: the first-password options, the jobs, and one job with its report. */
export async function importJobRoutes(app: FastifyInstance, options: ImportJobRoutesOptions) {
  const { repository, runner, passwordFormat } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.importOptions.path, apiRouteOptions(api.importOptions), async () => {
    return { passwordFormat, setPasswordLinks: await setPasswordLinksAvailable(options.auth) }
  })

  routes.get(api.listImports.path, apiRouteOptions(api.listImports), async () =>
    (await repository.listJobs(LISTED_JOBS)).map((job) => jobView(runner, job)),
  )

  routes.get(api.getImport.path, apiRouteOptions(api.getImport), async (request) => {
    const job = await repository.findJob(request.params.id)
    if (!job) throw importErrors.jobNotFound()
    const rows = await repository.rowsOf(job.id)
    return { ...jobView(runner, job), report: rows.map(reportOf) }
  })
}

/** A job as listed: a running one here counts as far as it got, not as far as its last heartbeat. */
export function jobView(runner: Pick<ImportRunner, 'liveJob'>, job: StoredJob): Omit<ImportJob, 'report'> {
  const live = job.status === 'running' ? runner.liveJob(job.id) : null
  const counters = live ? live.progress() : job
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    message: job.message,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    totalRecords: job.totalRecords,
    processedRecords: counters.processedRecords,
    successfulRecords: counters.successfulRecords,
    failedRecords: counters.failedRecords,
  }
}
