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
