import type { ExportAccess, ExportAccessEvent, ExportInvitation } from '@app/contracts/account-export'
import type { AccessHistoryRepository } from './repositories/access-history-repository.ts'
import type { InvitationsRepository, StoredInvitation } from './repositories/invitations-repository.ts'

/**
 * The sharing part of "Download my data" (docs/decisions/060-download-my-data.md): each invitation and each
 * access record mapped field by field, so that no token, sealed or hashed, ever reaches an archive.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null

function statusOf(invitation: StoredInvitation, now: Date): ExportInvitation['status'] {
  if (invitation.revoked) return 'revoked'
  if (invitation.accepted) return 'accepted'
  return invitation.expiresAt <= now ? 'expired' : 'pending'
}

function exportedInvitation(
  invitation: StoredInvitation,
  direction: ExportInvitation['direction'],
  now: Date,
): ExportInvitation {
  return {
    id: invitation.id,
    direction,
    profileOwnerId: invitation.ownerId,
    profileOwnerName: invitation.ownerName,
    profileOwnerEmail: invitation.ownerEmail,
    inviterId: invitation.invitedBy,
    inviterName: invitation.inviterName,
    inviterEmail: invitation.inviterEmail,
    inviteeName: invitation.inviteeName,
    inviteeEmail: invitation.inviteeEmail,
    inviteeRole: invitation.inviteeRole,
    parentInvitationId: invitation.parentInvitationId,
    status: statusOf(invitation, now),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    acceptedAt: iso(invitation.acceptedAt),
    revokedAt: iso(invitation.revokedAt),
  }
}

/** What the user sent (as owner or forwarding), then what they accepted into their account. */
export async function* exportedInvitations(
  invitations: InvitationsRepository,
  userId: number,
  now: Date,
): AsyncGenerator<ExportInvitation> {
  for await (const invitation of invitations.inPagesOf(userId, 'sent'))
    yield exportedInvitation(invitation, 'sent', now)
  for await (const invitation of invitations.inPagesOf(userId, 'received'))
    yield exportedInvitation(invitation, 'received', now)
}

/** Every invitation to the user's own profiles: who may see them now, or could, and through whom. */
export async function* exportedAccess(
  invitations: InvitationsRepository,
  userId: number,
): AsyncGenerator<ExportAccess> {
  for await (const invitation of invitations.inPagesOf(userId, 'to-own-profiles'))
    yield {
      invitationId: invitation.id,
      guestName: invitation.inviteeName,
      guestEmail: invitation.inviteeEmail,
      guestRole: invitation.inviteeRole,
      viaName: invitation.inviterName,
      viaEmail: invitation.inviterEmail,
      forwarded: invitation.parentInvitationId !== null,
      canSeeNow: invitation.accepted && !invitation.revoked,
      invitedAt: invitation.createdAt.toISOString(),
      acceptedAt: iso(invitation.acceptedAt),
      revokedAt: iso(invitation.revokedAt),
    }
}

/** The access history of the user's profiles, in the order it happened. */
export async function* exportedAccessHistory(
  history: AccessHistoryRepository,
  userId: number,
): AsyncGenerator<ExportAccessEvent> {
  for await (const record of history.inPagesOfOwner(userId))
    yield {
      invitationId: record.invitationId,
      parentInvitationId: record.parentInvitationId,
      kind: record.kind,
      at: record.at.toISOString(),
      actorName: record.actorName,
      actorEmail: record.actorEmail,
      inviteeName: record.inviteeName,
      inviteeEmail: record.inviteeEmail,
      inviteeRole: record.inviteeRole,
    }
}
