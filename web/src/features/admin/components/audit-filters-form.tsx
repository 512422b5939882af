import { AUDIT_KINDS, type AuditKind } from '@app/contracts/audit'
import type { AdminUser } from '@app/contracts/auth'
import { useId } from 'react'
import { FormField, inputClasses } from '../../../components/ui/form.tsx'
import { AUDIT_KIND_LABELS } from '../audit-entries.ts'

type Values = { person: string; kind: AuditKind | ''; from: string; to: string }

/** The audit log's filters: a person, a kind, and a time range in the browser's local time. */
export function AuditFiltersForm({
  users,
  values,
  on,
}: {
  users: readonly AdminUser[]
  values: Values
  on: { [Key in keyof Values]: (value: Values[Key]) => void }
}) {
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId() }
  return (
    <form
      aria-label="Filter the audit log"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <FormField id={ids.person} label="Person">
        {(control) => (
          <select
            {...control}
            value={values.person}
            onChange={(event) => on.person(event.target.value)}
            className={inputClasses}
          >
            <option value="">Everyone</option>
            {users.map((user) => (
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
            value={values.kind}
            onChange={(event) => on.kind(event.target.value as AuditKind | '')}
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
            value={values.from}
            onChange={(event) => on.from(event.target.value)}
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id={ids.to} label="To">
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={values.to}
            onChange={(event) => on.to(event.target.value)}
            className={inputClasses}
          />
        )}
      </FormField>
    </form>
  )
}
