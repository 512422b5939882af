import type { AuditDetails, AuditKind, AuditSubject } from '@app/contracts/audit'
import type { Role } from '@app/domain/roles'
import { publishAudit, type AuditRequest } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'

/**
 * Records an invitation created, accepted or revoked (docs/decisions/059-audit-log.md): who and on which
 * invitation, never its token or link.
 */
export async function auditInvitation(
  bus: EventBus,
  request: AuditRequest,
  kind: Extract<AuditKind, `invitation.${string}`>,
  actor: { userId: number; role: Role } | { id: number; role: Role },
  about: { subject: AuditSubject; details: AuditDetails },
): Promise<void> {
  const id = 'userId' in actor ? actor.userId : actor.id
  await publishAudit(bus, 'sharing', { kind, actor: { id, role: actor.role }, ...about }, request)
}
