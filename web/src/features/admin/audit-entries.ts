import type { AuditEntry, AuditKind } from '@app/contracts/audit'
import type { AdminUser } from '@app/contracts/auth'
import { ROLE_LABELS } from './user-directory.ts'

/** What the page calls each kind of record. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'user.edited': 'User edited',
  'role.changed': 'Role changed',
  'import.completed': 'Import completed',
  'invitation.created': 'Invitation created',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'account.exported': 'Data downloaded',
  'account.deleted': 'Account deleted',
}

/** An account by its id, as `Name (e-mail)`; an account no longer listed by its id alone. */
export function personLabel(users: ReadonlyMap<number, AdminUser>, id: number | undefined): string {
  if (id === undefined) return ''
  const user = users.get(id)
  return user ? `${user.name || user.username} (${user.email})` : `Account ${id}`
}

export function actorLabel(users: ReadonlyMap<number, AdminUser>, entry: AuditEntry): string {
  if (!entry.actor) return 'Unknown user'
  return `${personLabel(users, entry.actor.id)}, ${ROLE_LABELS[entry.actor.role]}`
}

/** On whom: the account, the profile owner and the invitation the record names. */
export function subjectLabel(users: ReadonlyMap<number, AdminUser>, entry: AuditEntry): string {
  const { userId, profileOwnerId, invitationId } = entry.subject
  const parts: string[] = []
  if (userId !== undefined) parts.push(personLabel(users, userId))
  if (profileOwnerId !== undefined && profileOwnerId !== userId)
    parts.push(`profile of ${personLabel(users, profileOwnerId)}`)
  if (invitationId !== undefined) parts.push(`invitation ${invitationId}`)
  return parts.join('; ')
}

/** What changed, in words: field names, roles and counts, never a value. */
export function detailsLabel(details: AuditEntry['details']): string {
  const parts: string[] = []
  if (details.fields?.length) parts.push(`Changed: ${details.fields.join(', ')}`)
  if (details.fromRole && details.toRole)
    parts.push(`${ROLE_LABELS[details.fromRole]} → ${ROLE_LABELS[details.toRole]}`)
  if (details.inviteeRole) parts.push(`As ${ROLE_LABELS[details.inviteeRole]}`)
  if (details.rows !== undefined)
    parts.push(`${details.rows} rows, ${details.imported ?? 0} imported, ${details.failed ?? 0} failed`)
  if (details.revokedInvitations !== undefined) parts.push(`${details.revokedInvitations} invitations ended`)
  if (details.throttled) parts.push('Refused: too many attempts')
  return parts.join('; ')
}

/** A `datetime-local` value as the ISO time the API takes; undefined when empty or not a time. */
export function isoFromLocal(value: string): string | undefined {
  if (!value) return undefined
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
}
