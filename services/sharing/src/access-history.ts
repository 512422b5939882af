import type { AccessHistoryEntry } from '@app/contracts/sharing'
import type { AccessHistoryRecord } from './repositories/access-history-repository.ts'

/**
 * Folds the append-only records of one owner into one entry per invitation, in tree order: each
 * invitation followed by the forwards made from it, oldest first, with its depth in the chain.
 */
export function accessHistoryEntries(records: readonly AccessHistoryRecord[]): AccessHistoryEntry[] {
  const entries = new Map<number, AccessHistoryEntry>()
  for (const record of records) {
    if (record.kind === 'invited') {
      entries.set(record.invitationId, {
        invitationId: record.invitationId,
        parentInvitationId: record.parentInvitationId,
        depth: 0,
        inviteeName: record.inviteeName,
        inviteeEmail: record.inviteeEmail,
        inviteeRole: record.inviteeRole,
        invitedBy: { id: record.actorId, name: record.actorName, email: record.actorEmail },
        invitedAt: record.at.toISOString(),
        acceptedAt: null,
        acceptedUserId: null,
        revokedAt: null,
        revokedBy: null,
      })
      continue
    }
    const entry = entries.get(record.invitationId)
    if (!entry) continue
    if (record.kind === 'accepted') {
      entry.acceptedAt = record.at.toISOString()
      entry.acceptedUserId = record.actorId
    } else if (entry.revokedAt === null) {
      entry.revokedAt = record.at.toISOString()
      entry.revokedBy = { id: record.actorId, name: record.actorName }
    }
  }
  const children = new Map<number | null, AccessHistoryEntry[]>()
  for (const entry of entries.values()) {
    const parent =
      entry.parentInvitationId !== null && entries.has(entry.parentInvitationId)
        ? entry.parentInvitationId
        : null
    children.set(parent, [...(children.get(parent) ?? []), entry])
  }
  const ordered: AccessHistoryEntry[] = []
  const visit = (parent: number | null, depth: number) => {
    for (const entry of (children.get(parent) ?? []).sort(
      (first, second) => first.invitationId - second.invitationId,
    )) {
      ordered.push({ ...entry, depth })
      visit(entry.invitationId, depth + 1)
    }
  }
  visit(null, 0)
  return ordered
}
