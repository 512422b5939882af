import { AUDIT_KINDS, type AuditKind } from '@app/contracts/audit'
import { useId, useMemo, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { FormAlert, FormField, inputClasses } from '../../../components/ui/form.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { auditCsvUrl, useAudit, type AuditFilters } from '../api/get-audit.ts'
import { useUsers } from '../api/get-users.ts'
import { AUDIT_KIND_LABELS, isoFromLocal } from '../audit-entries.ts'
import { AuditTable } from './audit-table.tsx'

const PAGE_SIZE = 50

/**
 * The audit log for administrators (/admin/audit): filter by person, kind and time, page through the
 * records newest first, and download the same records as CSV.
 */
export function AuditLogPage() {
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId() }
  const users = useUsers()
  const [person, setPerson] = useState('')
  const [kind, setKind] = useState<AuditKind | ''>('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [page, setPage] = useState(1)
  const filters: AuditFilters = {
    ...(person ? { person: Number(person) } : {}),
    ...(kind ? { kind } : {}),
    ...(isoFromLocal(from) ? { from: isoFromLocal(from) } : {}),
    ...(isoFromLocal(to) ? { to: isoFromLocal(to) } : {}),
    page,
    pageSize: PAGE_SIZE,
  }
  const audit = useAudit(filters)
  const byId = useMemo(() => new Map((users.data ?? []).map((user) => [user.id, user])), [users.data])
  const sortedUsers = useMemo(
    () => [...(users.data ?? [])].sort((a, b) => (a.name || a.username).localeCompare(b.name || b.username)),
    [users.data],
  )
  // A new filter starts from the newest records again.
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPage(1)
    }
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1

  return (
    <div className="space-y-6">
      <form
        aria-label="Filter the audit log"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField id={ids.person} label="Person">
          {(control) => (
            <select
              {...control}
              value={person}
              onChange={(event) => filtered(setPerson)(event.target.value)}
              className={inputClasses}
            >
              <option value="">Everyone</option>
              {sortedUsers.map((user) => (
                <option key={user.id} value={String(user.id)}>
                  {`${user.name || user.username} (${user.email})`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={ids.kind} label="Kind">
          {(control) => (
            <select
              {...control}
              value={kind}
              onChange={(event) => filtered(setKind)(event.target.value as AuditKind | '')}
              className={inputClasses}
            >
              <option value="">Every kind</option>
              {AUDIT_KINDS.map((value) => (
                <option key={value} value={value}>
                  {AUDIT_KIND_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={ids.from} label="From">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={from}
              onChange={(event) => filtered(setFrom)(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField id={ids.to} label="To">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={to}
              onChange={(event) => filtered(setTo)(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {audit.data ? `${audit.data.total} ${audit.data.total === 1 ? 'record' : 'records'}` : ''}
        </p>
        <a href={auditCsvUrl(filters)} download className={buttonClasses('secondary')}>
          Download CSV
        </a>
      </div>
      {audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError ? (
        <div className="space-y-3">
          <FormAlert>The audit log could not be loaded. Please try again.</FormAlert>
          <button type="button" onClick={() => void audit.refetch()} className={buttonClasses('secondary')}>
            Try again
          </button>
        </div>
      ) : audit.data.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          No audit records match these filters.
        </p>
      ) : (
        <>
          <AuditTable entries={audit.data.entries} users={byId} />
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-4">
            <button
              type="button"
              onClick={() => setPage(page - 1)}
              disabled={page <= 1}
              className={buttonClasses('secondary', 'sm')}
            >
              Newer
            </button>
            <span className="text-sm text-slate-600">{`Page ${page} of ${pages}`}</span>
            <button
              type="button"
              onClick={() => setPage(page + 1)}
              disabled={page >= pages}
              className={buttonClasses('secondary', 'sm')}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </div>
  )
}
