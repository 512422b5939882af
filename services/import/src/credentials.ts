import type { FirstPassword, ImportedUser, ImportKind } from '@app/contracts/imports'
import { importPassword, type ImportPasswordFormat } from '@app/domain/first-passwords'
import type { JobDocument, StoredRow } from './repositories/import-jobs-repository.ts'

/**
 * How a job's people get their first password (docs/decisions/024-random-first-passwords.md): a random
 * password, the spec's computable formula (a tenant's explicit choice), or an e-mailed set-password link.
 */
export const CREDENTIAL_METHODS = ['random', 'spec', 'link'] as const
export type CredentialMethod = (typeof CREDENTIAL_METHODS)[number]

/** The administrator's choice for one import, under the tenant's format. */
export function credentialMethodOf(
  choice: FirstPassword | undefined,
  format: ImportPasswordFormat,
): CredentialMethod {
  return choice === 'link' ? 'link' : format
}

export const LINK_NOT_SENT_REASON =
  'The account was created, but the e-mail with its set-password link could not be sent: the person can use Forgot password on the sign-in page'

/**
 * The first passwords of one job. A random password is made once per row and kept in this process's
 * memory for the job's life, so a batch sent again gives auth the same one; it is never stored, so an
 * answer rebuilt from the store (a repeat of an import that ended) can show none of them.
 */
export interface JobPasswords {
  /** The password auth hashes for the row; undefined when auth mails a link instead. */
  forRow(row: Pick<StoredRow, 'row' | 'firstName' | 'lastName'>): string | undefined
  /** What the import's answer shows for an imported row. */
  shown(row: Pick<StoredRow, 'row' | 'name' | 'email' | 'firstName' | 'lastName' | 'linkSent'>): ImportedUser
}

export function jobPasswords(job: { kind: ImportKind; credentials: CredentialMethod }): JobPasswords {
  const made = new Map<number, string>()
  const importedBy = job.kind === 'single' ? 'single' : 'csv'
  const names = (row: Pick<StoredRow, 'firstName' | 'lastName'>) => ({
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
  })
  const spec = (row: Pick<StoredRow, 'firstName' | 'lastName'>) =>
    importPassword('spec', names(row), importedBy)
  return {
    forRow(row) {
      if (job.credentials === 'link') return undefined
      if (job.credentials === 'spec') return spec(row)
      if (!made.has(row.row)) made.set(row.row, importPassword('random', names(row), importedBy))
      return made.get(row.row)
    },
    shown(row) {
      const person = { name: row.name, email: row.email }
      if (job.credentials === 'link') return { ...person, credential: row.linkSent ? 'link-sent' : 'none' }
      const password = job.credentials === 'spec' ? spec(row) : made.get(row.row)
      return password === undefined
        ? { ...person, credential: 'none' }
        : { ...person, credential: 'password', password }
    },
  }
}

/** A job recovered after its process died: its random passwords were never shown, and the message says so. */
export function recoveryNote(credentials: CredentialMethod): string {
  return credentials === 'random'
    ? ' The passwords of the accounts it made were never shown: set one for each in User management, or have them use Forgot password.'
    : ''
}

/** Jobs from before the choice existed were made with the spec's formula. */
export const credentialsOf = (job: Pick<JobDocument, 'credentials'>): CredentialMethod =>
  job.credentials ?? 'spec'
