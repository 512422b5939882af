import type { Role } from '@app/domain/roles'
import { ROLE_LABELS } from '../user-directory.ts'

const BADGE_COLOURS: Record<Role, string> = {
  administrator: 'bg-purple-100 text-purple-800',
  standard: 'bg-sky-100 text-sky-800',
  guest_owner: 'bg-amber-100 text-amber-900',
  guest_standard: 'bg-slate-200 text-slate-800',
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_COLOURS[role]}`}>
      {ROLE_LABELS[role]}
    </span>
  )
}

/** An account a SCIM client deactivated: it cannot sign in until reactivated (decision 064). */
export function DeactivatedBadge({ active }: { active?: boolean | undefined }) {
  if (active !== false) return null
  return (
    <span className="shrink-0 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
      Deactivated
    </span>
  )
}
