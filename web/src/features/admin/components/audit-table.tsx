import type { AuditEntry } from '@app/contracts/audit'
import type { AdminUser } from '@app/contracts/auth'
import { actorLabel, AUDIT_KIND_LABELS, detailsLabel, subjectLabel } from '../audit-entries.ts'
import { ScrollTable, stackedCell, stackedRow } from './scroll-table.tsx'

const COLUMNS = ['When', 'What', 'Who', 'On whom', 'Details', 'Address', 'Request id'] as const

/** One page of audit records, newest first. */
export function AuditTable({
  entries,
  users,
}: {
  entries: readonly AuditEntry[]
  users: ReadonlyMap<number, AdminUser>
}) {
  return (
    <ScrollTable label="Audit records" caption="Audit records" columns={COLUMNS} maxHeight="max-h-96" stacked>
      {entries.map((entry) => {
        const cells = [
          new Date(entry.at).toLocaleString(),
          AUDIT_KIND_LABELS[entry.kind],
          actorLabel(users, entry),
          subjectLabel(users, entry),
          detailsLabel(entry.details),
          entry.address,
          entry.requestId,
        ]
        return (
          <tr key={entry.id} className={stackedRow}>
            {cells.map((text, index) => (
              <td
                key={COLUMNS[index]}
                data-label={COLUMNS[index]}
                className={`px-3 py-2 text-slate-700 ${stackedCell}`}
              >
                {index === 0 ? <time dateTime={entry.at}>{text}</time> : text}
              </td>
            ))}
          </tr>
        )
      })}
    </ScrollTable>
  )
}
