import { AppError } from '@app/kit/errors'
import type { JobDocument } from './repositories/import-jobs-repository.ts'

/** The messages of an import's answer and of its job. */
export function resultMessage(
  job: Pick<JobDocument, 'totalRecords' | 'successfulRecords' | 'failedRecords'>,
  notes: string[] = [],
): string {
  const { totalRecords: total, successfulRecords: successful, failedRecords: failed } = job
  const users = total === 1 ? 'user' : 'users'
  const base =
    successful === 0
      ? `No users were imported successfully: ${failed} of ${total} ${total === 1 ? 'row' : 'rows'} failed (see the report)`
      : `Successfully imported ${successful} of ${total} ${users}` +
        (failed > 0 ? `; ${failed} failed (see the report)` : '')
  return [base, ...notes].join('. ')
}

export function interruptedMessage(
  cause: string,
  job: Pick<JobDocument, 'totalRecords' | 'processedRecords' | 'successfulRecords' | 'failedRecords'>,
): string {
  const notReached = job.totalRecords - job.processedRecords
  return (
    `${cause}: ${job.successfulRecords} of ${job.totalRecords} users were imported, ${job.failedRecords} ` +
    `failed and ${notReached} ${notReached === 1 ? 'row was' : 'rows were'} not reached. Importing the same ` +
    'file again is safe: rows already imported then fail as duplicates.'
  )
}

export const importStopped = () =>
  new AppError(
    503,
    'IMPORT_STOPPED',
    'The import service stopped during this import. It is finished when the service starts again: see the list of imports.',
  )
