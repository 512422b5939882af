import type { ImportedUser } from '@app/contracts/imports'
import { RANDOM_PASSWORD_LENGTH } from '@app/domain/first-passwords'
import { paths } from '@app/domain/spa-routes'
import { useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Link } from '../../../components/ui/link.tsx'
import { useImportOptions } from '../api/get-import-options.ts'
import { downloadCredentials } from '../credentials-csv.ts'
import { BulkUserImport } from './bulk-user-import.tsx'
import { CredentialsTable } from './credentials-table.tsx'
import { CredentialsNotes } from './import-result-panel.tsx'
import { SingleUserForm } from './single-user-form.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'

const SIMPLE_IMPORT_TABS = [
  { id: 'single', label: 'Single User' },
  { id: 'bulk', label: 'Bulk Import' },
] as const
type SimpleImportTab = (typeof SIMPLE_IMPORT_TABS)[number]['id']

/** Import Users (/admin/simple-import): one person at a time, or a pasted list, and their credentials. */
export function SimpleImportPage() {
  const [tab, setTab] = useState<SimpleImportTab>('single')
  // Every credential made on this visit, newest first; kept only in this page's memory.
  const [credentials, setCredentials] = useState<ImportedUser[]>([])
  const add = (users: ImportedUser[]) => setCredentials((previous) => [...users, ...previous])
  const passwordFormat = useImportOptions().data?.passwordFormat

  return (
    <div className="space-y-8">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <Tabs label="Import method" tabs={SIMPLE_IMPORT_TABS} active={tab} onChange={setTab}>
          {tab === 'single' ? <SingleUserForm onImported={add} /> : <BulkUserImport onImported={add} />}
        </Tabs>
      </div>
      {credentials.length > 0 && (
        <section
          aria-labelledby="generated-credentials-heading"
          className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50/40 p-5 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="generated-credentials-heading" className="text-lg font-semibold text-slate-900">
              Generated Credentials
            </h2>
            <button
              type="button"
              onClick={() => downloadCredentials(credentials)}
              className={buttonClasses('secondary', 'sm')}
            >
              Download credentials (CSV)
            </button>
          </div>
          <CredentialsNotes users={credentials} />
          <CredentialsTable
            users={credentials}
            caption="Generated users and their passwords"
            emailHeading="Email/Username"
          />
        </section>
      )}
      <footer className="space-y-2 rounded-2xl bg-slate-100 p-5 text-sm text-slate-700">
        {passwordFormat === 'spec' ? (
          <p>
            <span className="font-semibold text-slate-900">Password format:</span> a hash sign (#), then the
            first name, the last name and the number of letters in the last name. A single user gets it in
            lower case (John Smith: #johnsmith5); a bulk import capitalises each name (#JohnSmith5). Anyone
            who knows a name can compute it. Every imported user must choose a new password at the first
            login.
          </p>
        ) : passwordFormat === 'random' ? (
          <p>
            <span className="font-semibold text-slate-900">Passwords:</span> each imported user gets a random
            password of {RANDOM_PASSWORD_LENGTH} letters and digits, shown only here. Every imported user must
            choose a new password at the first login.
          </p>
        ) : null}
        <p>
          For large DISC or Prevue files with live progress, use the{' '}
          <Link
            to={paths.adminImport}
            className="font-medium text-indigo-700 underline hover:text-indigo-800"
          >
            CSV import
          </Link>
          .
        </p>
      </footer>
    </div>
  )
}
