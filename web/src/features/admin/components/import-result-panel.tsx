import type { ImportedUser, ImportResult } from '@app/contracts/imports'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { downloadCredentials } from '../credentials-csv.ts'
import { CredentialsTable } from './credentials-table.tsx'
import { ScrollTable } from './scroll-table.tsx'

/** A page of failed rows at most: a file of 200,000 bad rows must not freeze the page that reports them. */
const FAILED_ROWS_SHOWN = 1000

/** What the page shows after an import: the outcome, or why it did not happen. */
export type ImportOutcome = { kind: 'result'; result: ImportResult } | { kind: 'failure'; message: string }

/**
 * The result panel: Import Successful or Import Failed, the message and counts, the credentials (shown
 * once, with the note to save them and a download), and the failed rows with their reasons.
 */
export function ImportResultPanel({ outcome }: { outcome: ImportOutcome }) {
  const result = outcome.kind === 'result' ? outcome.result : null
  const succeeded = result !== null && result.successfulRecords > 0
  const failedRows = result?.report.filter((row) => row.status === 'failed') ?? []
  return (
    <section
      aria-labelledby="import-result-heading"
      className={`rounded-2xl border p-5 shadow-sm ${succeeded ? 'border-emerald-200 bg-emerald-50/40' : 'border-red-200 bg-red-50/40'}`}
    >
      <h2
        id="import-result-heading"
        className={`text-lg font-semibold ${succeeded ? 'text-emerald-800' : 'text-red-800'}`}
      >
        {succeeded ? 'Import Successful' : 'Import Failed'}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {outcome.kind === 'result' ? outcome.result.message : outcome.message}
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        <Count label="Total" value={result?.totalRecords ?? 0} />
        <Count label="Successful" value={result?.successfulRecords ?? 0} />
        <Count label="Failed" value={result?.failedRecords ?? 0} />
      </dl>
      {result !== null && result.importedUsers.length > 0 && (
        <div className="mt-5 space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-900">Imported users</h3>
            <button
              type="button"
              onClick={() => downloadCredentials(result.importedUsers)}
              className={buttonClasses('secondary', 'sm')}
            >
              Download credentials (CSV)
            </button>
          </div>
          <CredentialsNotes users={result.importedUsers} />
          <CredentialsTable users={result.importedUsers} caption="Imported users and their passwords" />
        </div>
      )}
      {failedRows.length > 0 && (
        <div className="mt-5 space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Failed rows</h3>
          {failedRows.length > FAILED_ROWS_SHOWN && (
            <p className="text-sm text-slate-700">
              The first {FAILED_ROWS_SHOWN.toLocaleString()} of {failedRows.length.toLocaleString()} failed
              rows.
            </p>
          )}
          <ScrollTable label="Failed rows and their reasons" columns={['Row', 'Email', 'Reason']}>
            {failedRows.slice(0, FAILED_ROWS_SHOWN).map((row) => (
              <tr key={row.row}>
                <td className="px-3 py-2 text-slate-900 tabular-nums">{row.row}</td>
                <td className="px-3 py-2 break-all text-slate-700">{row.email}</td>
                <td className="px-3 py-2 text-slate-900">{row.reason ?? 'Failed'}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </section>
  )
}

/** What the credentials mean: passwords to save now, links mailed, and rows with nothing to show. */
export function CredentialsNotes({ users }: { users: readonly ImportedUser[] }) {
  const has = (credential: ImportedUser['credential']) => users.some((user) => user.credential === credential)
  return (
    <div className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {has('password') && (
        <p>
          Save these credentials now: the passwords are shown only once. Share each password with its user,
          who must choose a new one at the first login.
        </p>
      )}
      {has('link-sent') && (
        <p>
          Each person listed with &lsquo;link sent&rsquo; was e-mailed a link to set their own password. It
          works once and expires after one hour; after that, Forgot password on the sign-in page sends a new
          one.
        </p>
      )}
      {has('none') && (
        <p>
          Where no password is shown, it was shown when the import first answered, or its e-mail could not be
          sent (see the report): the person can use Forgot password, or you can set a password in User
          management.
        </p>
      )}
    </div>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value.toLocaleString()}</dd>
    </div>
  )
}
