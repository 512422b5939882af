import type { AuditDetails } from '@app/contracts/audit'
import { publishAudit, type AuditRequest } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'
import type { Identity, RequestIdentity } from '@app/kit/identity'
import { userOf } from '@app/kit/service'
import type { StoredUser, UserChanges } from '../repositories/users-repository.ts'

type AuditedField = NonNullable<AuditDetails['fields']>[number]

/** The stored fields an edit names in the log: the hash is the password's, the rest are bookkeeping. */
const FIELD_NAMES: Partial<Record<keyof UserChanges, AuditedField>> = {
  username: 'username',
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  name: 'name',
  passwordHash: 'password',
  role: 'role',
  active: 'active',
}

/** The names of the fields an edit changed, never their values (docs/decisions/059-audit-log.md). */
export function editedFields(changed: readonly string[]): AuditedField[] {
  const names = changed.flatMap((field) => FIELD_NAMES[field as keyof UserChanges] ?? [])
  return [...new Set(names)]
}

/**
 * An administrator changed an account's fields: in user management, or through a SCIM client (recorded as the
 * administrator who created its token, as its deletions are).
 */
export async function auditAdministratorEdit(
  bus: EventBus,
  request: AuditRequest,
  actor: { id: number; role: StoredUser['role'] },
  userId: number,
  changed: readonly string[],
): Promise<void> {
  await publishAudit(
    bus,
    'auth',
    {
      kind: 'user.edited',
      actor,
      subject: { userId },
      details: { fields: editedFields(changed) },
    },
    request,
  )
}

/**
 * An administrator registered an address an unconfirmed guest account held: that account became theirs to
 * give, with new names, password and, where it differs, a new role.
 */
export async function auditTakeover(
  bus: EventBus,
  request: AuditRequest & { identity: RequestIdentity },
  before: StoredUser,
  after: StoredUser,
): Promise<void> {
  const administrator = userOf(request)
  const actor = { id: administrator.userId, role: administrator.role }
  const changed = (Object.keys(FIELD_NAMES) as Array<keyof UserChanges>).filter(
    (field) => field === 'passwordHash' || before[field] !== after[field],
  )
  await publishAudit(
    bus,
    'auth',
    { kind: 'user.edited', actor, subject: { userId: after.id }, details: { fields: editedFields(changed) } },
    request,
  )
  if (before.role !== after.role)
    await publishAudit(
      bus,
      'auth',
      {
        kind: 'role.changed',
        actor,
        subject: { userId: after.id },
        details: { fromRole: before.role, toRole: after.role },
      },
      request,
    )
}

/**
 * An account's deletion was asked for: by its holder, an administrator, or a SCIM client (recorded as the
 * administrator who created its token). The record keeps only ids and roles, which is all the audit log
 * keeps of a deleted person (docs/decisions/061-account-deletion.md).
 */
export async function auditDeletion(
  bus: EventBus,
  request: AuditRequest,
  actor: { id: number; role: StoredUser['role'] },
  userId: number,
): Promise<void> {
  await publishAudit(bus, 'auth', { kind: 'account.deleted', actor, subject: { userId } }, request)
}

/** A person downloaded their data (docs/decisions/060-download-my-data.md). */
export async function auditExport(bus: EventBus, request: AuditRequest, user: Identity): Promise<void> {
  await publishAudit(
    bus,
    'auth',
    {
      kind: 'account.exported',
      actor: { id: user.userId, role: user.role },
      subject: { userId: user.userId },
    },
    request,
  )
}
