import type { ImportedUser } from '@app/contracts/imports'
import { csvCell } from '@app/domain/csv-cell'

export { csvCell }

export const CREDENTIALS_CSV_HEADER = ['Name', 'Email (Username)', 'Password'] as const

/** The Password column: the password shown once, or what the person got instead. */
export function credentialText(user: ImportedUser): string {
  if (user.credential === 'password') return user.password
  return user.credential === 'link-sent' ? 'link sent' : 'not shown (see the report)'
}

/** The import's credentials as a CSV file's text: the result table's three columns, lines ended by CRLF. */
export function credentialsCsv(users: readonly ImportedUser[]): string {
  const lines = [
    CREDENTIALS_CSV_HEADER,
    ...users.map((user) => [user.name, user.email, credentialText(user)]),
  ]
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** The file's name, dated so two imports of a day are told apart by the browser's own numbering. */
export function credentialsFileName(now: Date = new Date()): string {
  return `imported-credentials-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * Saves the credentials as a file. The byte-order mark makes spreadsheets read names with accents as
 * UTF-8. The credentials exist only in this page's memory; nothing is sent or stored.
 */
export function downloadCredentials(users: readonly ImportedUser[]): void {
  const blob = new Blob(['\uFEFF', credentialsCsv(users)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = credentialsFileName()
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
