import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { ImportResult } from '@app/contracts/imports'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@app/kit/idempotency'
import { userOf } from '@app/kit/service'
import { credentialsOf, jobPasswords } from '../credentials.ts'
import { importErrors } from '../errors.ts'
import type { ImportRunner } from '../import-runner.ts'
import {
  reportOf,
  type ImportJobsRepository,
  type StoredJob,
} from '../repositories/import-jobs-repository.ts'
import type { JobAnswer } from './import-answers.ts'

/**
 * `Idempotency-Key` on the imports, per administrator: the job remembers the key, so a repeat answers from
 * the job instead of importing again, and no answer (with its passwords) is ever stored.
 */
export type ImportIdempotency = { key: string; fingerprint: string }

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/** The request's key and the fingerprint of what it asks (`body`), or null without the header. */
export function idempotencyOf(request: FastifyRequest, body: string): ImportIdempotency | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (header === undefined) return null
  const key = IdempotencyKeySchema.safeParse(header)
  if (!key.success) throw importErrors.invalidIdempotencyKey()
  return {
    key: `${userOf(request).userId}:${sha256(key.data)}`,
    fingerprint: sha256(`${request.routeOptions.url}\n${body}`),
  }
}

export interface ReplayContext {
  repository: ImportJobsRepository
  runner: Pick<ImportRunner, 'liveJob'>
}

/** The first job under this key, if a request with it came first. */
export async function earlierAnswer(
  context: ReplayContext,
  idempotency: ImportIdempotency | null,
): Promise<JobAnswer | null> {
  if (!idempotency) return null
  const job = await context.repository.findJobByIdempotencyKey(idempotency.key)
  return job ? replayOf(context, job, idempotency.fingerprint) : null
}

/** A running job is followed live where it runs; one that ended is answered from the store. */
async function replayOf(context: ReplayContext, job: StoredJob, fingerprint: string): Promise<JobAnswer> {
  if (job.fingerprint !== fingerprint) throw importErrors.idempotencyKeyReused()
  if (job.status === 'running') {
    const live = context.runner.liveJob(job.id)
    if (!live) throw importErrors.idempotencyKeyInUse()
    return { live }
  }
  return { result: await storedResult(context.repository, job) }
}

/**
 * A finished job's answer again: the spec's passwords are derived from the stored names, as when it ran;
 * random ones were shown once and are gone (`credential: 'none'`); links say whether they went out.
 */
export async function storedResult(repository: ImportJobsRepository, job: StoredJob): Promise<ImportResult> {
  const rows = await repository.rowsOf(job.id)
  const passwords = jobPasswords({ kind: job.kind, credentials: credentialsOf(job) })
  return {
    jobId: job.id,
    message: job.message,
    totalRecords: job.totalRecords,
    successfulRecords: job.successfulRecords,
    failedRecords: job.failedRecords,
    importedUsers: rows.filter((row) => row.status === 'imported').map((row) => passwords.shown(row)),
    report: rows.map(reportOf),
  }
}
