import type { AuditKind } from '@app/contracts/audit'
import { useMemo, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { FormAlert } from '../../../components/ui/form.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { auditCsvUrl, useAudit, type AuditFilters } from '../api/get-audit.ts'
import { useUsers } from '../api/get-users.ts'
import { isoFromLocal } from '../audit-entries.ts'
import { AuditFiltersForm } from './audit-filters-form.tsx'
import { AuditTable } from './audit-table.tsx'

const PAGE_SIZE = 50

/**
 * The audit log for administrators (/admin/audit): filter by person, kind and time, page through the
 * records newest first, and download the same records as CSV.
 */
export function AuditLogPage() {
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
      <AuditFiltersForm
        users={sortedUsers}
        values={{ person, kind, from, to }}
        on={{
          person: filtered(setPerson),
          kind: filtered(setKind),
          from: filtered(setFrom),
          to: filtered(setTo),
        }}
      />
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
