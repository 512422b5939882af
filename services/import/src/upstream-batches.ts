import type { FastifyBaseLogger } from 'fastify'
import type { UserSnapshot } from '@app/contracts/events'
import { internalApi } from '@app/contracts/internal'
import { AppError } from '@app/kit/errors'
import type { ServiceClient } from '@app/kit/service-client'
import { assessmentResultOf } from './assessment-result.ts'
import { LINK_NOT_SENT_REASON, type CredentialMethod, type JobPasswords } from './credentials.ts'
import type { StoredRow } from './repositories/import-jobs-repository.ts'

export const DUPLICATE_EMAIL_REASON = 'A user with this email already exists'
export const NOT_CONFIRMED_REASON =
  'Not confirmed: the account service did not answer. If this person has an account now, importing the file again lists them as a duplicate.'
const ASSESSMENT_MISSING_REASON =
  'The account was created, but its assessment could not be saved: add the scores on the Scores page'
/** An unconfirmed guest account held the address: it is this person's now (docs/decisions/025-unconfirmed-guest-addresses.md). */
export const TOOK_OVER_REASON =
  'Took over a guest account with this e-mail whose owner never confirmed the address; the profiles shared with it stay with this person'

/** A service that did not answer (as opposed to one that answered no). */
export class UpstreamUnavailable extends Error {}

export const isOutage = (error: unknown) => !(error instanceof AppError) || error.statusCode >= 500

export function codeOf(error: unknown): string {
  if (error instanceof AppError) return error.code
  return error instanceof Error ? error.name : 'unknown'
}

/** The calls an import makes to auth and profiles, and how it waits between attempts. */
export interface Upstream {
  auth: ServiceClient
  profiles: ServiceClient
  log: FastifyBaseLogger
  /** Pauses before the further attempts at a batch whose service did not answer. */
  retryDelaysMs: readonly number[]
  /** True once the process is stopping: no further attempts. */
  stopping(): boolean
}

async function withRetries<T>(upstream: Upstream, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (!isOutage(error) || upstream.stopping() || attempt >= upstream.retryDelaysMs.length) throw error
      await new Promise((resolve) => setTimeout(resolve, upstream.retryDelaysMs[attempt]))
    }
  }
}

/** Whether auth can e-mail set-password links (it sends real e-mail). */
export async function setPasswordLinksAvailable(auth: ServiceClient): Promise<boolean> {
  const options = await auth.request(internalApi.userImportOptions)
  return options.setPasswordLinks
}

/**
 * Sends pending rows to auth, then the accounts' assessments to profiles, and answers the rows as they
 * end. Each row goes under the import key `<jobId>:<row>`, so sending it again creates nothing twice.
 * Throws UpstreamUnavailable when auth did not answer: the rows' fate is then unknown.
 */
export async function settleRows(
  upstream: Upstream,
  job: { id: string; credentials: CredentialMethod },
  rows: StoredRow[],
  passwords: JobPasswords,
): Promise<StoredRow[]> {
  const key = (row: StoredRow) => `${job.id}:${row.row}`
  const links = job.credentials === 'link'
  let accounts
  try {
    accounts = await withRetries(upstream, () =>
      upstream.auth.request(internalApi.importUsers, {
        body: {
          ...(links ? { setPasswordLinks: true } : {}),
          users: rows.map((row) => {
            const password = passwords.forRow(row)
            return {
              importKey: key(row),
              email: row.email,
              firstName: row.firstName ?? '',
              lastName: row.lastName ?? '',
              name: row.name,
              ...(password === undefined ? {} : { password }),
            }
          }),
        },
      }),
    )
  } catch (error) {
    if (isOutage(error)) throw new UpstreamUnavailable('the account service did not answer')
    // Auth refused the whole batch: nothing was created.
    const reason = `The account service refused the row: ${(error as AppError).message}`
    return rows.map((row) => ({ ...row, status: 'failed', reason }))
  }
  const byKey = new Map(accounts.results.map((result) => [result.importKey, result]))
  const settled: StoredRow[] = rows.map((row) => {
    const account = byKey.get(key(row))
    if (account?.userId !== undefined && account.status !== 'duplicate' && account.status !== 'invalid') {
      const notes = [
        ...(account.status === 'taken-over' ? [TOOK_OVER_REASON] : []),
        ...(links && !account.linkSent ? [LINK_NOT_SENT_REASON] : []),
      ]
      return {
        ...row,
        status: 'imported',
        userId: account.userId,
        ...(links ? { linkSent: account.linkSent === true } : {}),
        ...(notes.length > 0 ? { reason: notes.join('. ') } : {}),
      }
    }
    const reason =
      account?.status === 'duplicate'
        ? DUPLICATE_EMAIL_REASON
        : (account?.reason ?? 'The account service did not create this account')
    return { ...row, status: 'failed', reason }
  })
  const withAccounts = settled.filter((row) => row.status === 'imported')
  const owners = (row: StoredRow) => byKey.get(key(row))?.account
  if (withAccounts.length > 0) await saveAssessments(upstream, { key, owners }, withAccounts, job.id)
  return settled
}

/**
 * The imported accounts' assessments, each with its account as auth answered it: the one road by which an
 * imported person's name reaches profiles (docs/decisions/047-imported-names-in-the-batch.md). A failure
 * leaves the rows imported, with a note of what is missing.
 */
async function saveAssessments(
  upstream: Upstream,
  of: { key: (row: StoredRow) => string; owners: (row: StoredRow) => UserSnapshot | undefined },
  rows: StoredRow[],
  jobId: string,
): Promise<void> {
  try {
    await withRetries(upstream, () =>
      upstream.profiles.request(internalApi.importAssessments, {
        body: {
          assessments: rows.map((row) => {
            const owner = of.owners(row)
            return {
              importKey: of.key(row),
              userId: row.userId!,
              name: row.name,
              ...(owner?.id === row.userId ? { owner } : {}),
              ...assessmentResultOf(row),
            }
          }),
        },
      }),
    )
  } catch (error) {
    // The accounts exist, so the rows are imported (their passwords are shown); the note says what is missing.
    upstream.log.warn(
      { event: 'import_assessments_failed', jobId, code: codeOf(error) },
      'assessments not saved',
    )
    for (const row of rows)
      row.reason = row.reason ? `${row.reason}. ${ASSESSMENT_MISSING_REASON}` : ASSESSMENT_MISSING_REASON
    if (isOutage(error) && upstream.stopping())
      throw new UpstreamUnavailable('the profiles service did not answer')
  }
}
