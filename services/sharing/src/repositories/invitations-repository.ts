import { z } from 'zod'
import { GuestRoleSchema } from '@app/contracts/sharing'
import { inPages } from '@app/kit/store/pages'
import type { DocumentStore } from '@app/kit/store/port'

const UserId = z.number().int().positive()

export const InvitationDocumentSchema = z.object({
  /** The profile owner at the root of the chain. */
  ownerId: UserId,
  ownerName: z.string(),
  ownerEmail: z.string(),
  /** Who sent it: the owner, or a guest owner forwarding. */
  invitedBy: UserId,
  inviterName: z.string(),
  inviterEmail: z.string(),
  inviteeName: z.string(),
  /** Lower case. */
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
  parentInvitationId: z.number().int().positive().nullable(),
  /** The owner's own invitation at the top of the chain; null on that invitation itself. */
  rootInvitationId: z.number().int().positive().nullable(),
  tokenHash: z.string(),
  sealedToken: z.string(),
  /**
   * `<ownerId>:<e-mail>` while the invitation may still give access, so that one address is invited to one
   * profile once (a unique index, which holds under concurrent requests); freed on revoke or expiry.
   */
  inviteeKey: z.string(),
  accepted: z.boolean(),
  acceptedUserId: UserId.nullable(),
  acceptedAt: z.date().nullable(),
  revoked: z.boolean(),
  revokedAt: z.date().nullable(),
  revokedBy: UserId.nullable(),
  /** Who revoked it, as the access history names them; kept so that a revoke can be finished later. */
  revokedByName: z.string().optional(),
  revokedByEmail: z.string().optional(),
  /**
   * True from the revoke until its mark, history entry and event are done: a revoke interrupted half-way
   * is finished by a retry or by the sweep (decision 026).
   */
  revocationPending: z.boolean().optional(),
  createdAt: z.date(),
  expiresAt: z.date(),
})
export type InvitationDocument = z.output<typeof InvitationDocumentSchema>
export type StoredInvitation = InvitationDocument & { id: number }
export type NewInvitation = Omit<
  InvitationDocument,
  | 'inviteeKey'
  | 'accepted'
  | 'acceptedUserId'
  | 'acceptedAt'
  | 'revoked'
  | 'revokedAt'
  | 'revokedBy'
  | 'revokedByName'
  | 'revokedByEmail'
  | 'revocationPending'
>

/** Who revokes, and when: the same for every invitation a revoke ends, however many attempts finish it. */
export interface Revocation {
  by: number
  byName: string
  byEmail: string
  at: Date
}

export const inviteeKeyOf = (ownerId: number, email: string) => `${ownerId}:${email}`
export const rootOf = (invitation: StoredInvitation) => invitation.rootInvitationId ?? invitation.id

export async function createInvitationsRepository(store: DocumentStore) {
  const invitations = await store.collection('invitations', {
    schema: InvitationDocumentSchema,
    idKind: 'int',
    indexes: [
      { field: 'tokenHash', unique: true },
      { field: 'inviteeKey', unique: true },
      { field: 'invitedBy' },
      { field: 'rootInvitationId' },
      { field: 'acceptedUserId' },
      { field: 'ownerId' },
      { field: 'revocationPending' },
    ],
  })
  return {
    /** Throws DuplicateKeyError when the address already holds a live invitation to this owner's profile. */
    create(invitation: NewInvitation): Promise<StoredInvitation> {
      return invitations.insert({
        ...invitation,
        inviteeKey: inviteeKeyOf(invitation.ownerId, invitation.inviteeEmail),
        accepted: false,
        acceptedUserId: null,
        acceptedAt: null,
        revoked: false,
        revokedAt: null,
        revokedBy: null,
      })
    },
    findById(id: number): Promise<StoredInvitation | null> {
      return invitations.findOne({ id })
    },
    findByTokenHash(hash: string): Promise<StoredInvitation | null> {
      return invitations.findOne({ tokenHash: hash })
    },
    findLiveByInviteeKey(ownerId: number, email: string): Promise<StoredInvitation | null> {
      return invitations.findOne({ inviteeKey: inviteeKeyOf(ownerId, email) })
    },
    /** Frees the address of an invitation that expired unused, so that it may be invited again. */
    async retireExpired(id: number, now: Date): Promise<boolean> {
      const retired = await invitations.updateOne(
        { id, accepted: false, expiresAt: { $lte: now } },
        { $set: { inviteeKey: `expired:${id}` } },
      )
      return retired !== null
    },
    /** What the caller sent and has not revoked, newest first. */
    listSentBy(userId: number): Promise<StoredInvitation[]> {
      return invitations.find({ invitedBy: userId, revoked: false }, { sort: { id: -1 } })
    },
    /** An accepted, unrevoked invitation that lets `userId` see `ownerId`'s profiles with the right to share. */
    findForwardableGrant(userId: number, ownerId: number): Promise<StoredInvitation | null> {
      return invitations.findOne({
        acceptedUserId: userId,
        ownerId,
        accepted: true,
        revoked: false,
        inviteeRole: 'guest_owner',
      })
    },
    /** Every invitation of the chain under a root, the root included. */
    async chainOf(rootId: number): Promise<StoredInvitation[]> {
      const [root, below] = await Promise.all([
        invitations.findOne({ id: rootId }),
        invitations.find({ rootInvitationId: rootId }, { sort: { id: 1 } }),
      ])
      return root ? [root, ...below] : below
    },
    listByOwner(ownerId: number): Promise<StoredInvitation[]> {
      return invitations.find({ ownerId }, { sort: { id: 1 } })
    },
    /** Marks it accepted unless it was accepted, revoked or expired meanwhile: one acceptance wins. */
    accept(id: number, userId: number, now: Date): Promise<StoredInvitation | null> {
      return invitations.updateOne(
        { id, accepted: false, revoked: false, expiresAt: { $gt: now } },
        { $set: { accepted: true, acceptedUserId: userId, acceptedAt: now } },
      )
    },
    /** Undoes an acceptance whose grant could not be announced, so that the link works again. */
    async unaccept(id: number): Promise<void> {
      await invitations.updateOne(
        { id, accepted: true },
        { $set: { accepted: false, acceptedUserId: null, acceptedAt: null } },
      )
    },
    /** Revokes it unless it already was, leaving the rest of the revoke pending; returns it, or null. */
    revoke(id: number, revocation: Revocation): Promise<StoredInvitation | null> {
      return invitations.updateOne(
        { id, revoked: false },
        {
          $set: {
            revoked: true,
            revokedAt: revocation.at,
            revokedBy: revocation.by,
            revokedByName: revocation.byName,
            revokedByEmail: revocation.byEmail,
            revocationPending: true,
            inviteeKey: `revoked:${id}`,
          },
        },
      )
    },
    /** Revoked invitations whose revoke has not been finished, oldest first. */
    listRevocationsPending(): Promise<StoredInvitation[]> {
      return invitations.find({ revocationPending: true }, { sort: { id: 1 } })
    },
    async finishRevocation(id: number): Promise<void> {
      await invitations.updateOne({ id, revocationPending: true }, { $set: { revocationPending: false } })
    },
    /** Every invitation of the person's profiles, sent by them, accepted by them or sent to their address. */
    listInvolving(userId: number, email?: string): Promise<StoredInvitation[]> {
      const toAddress = email ? [{ inviteeEmail: email.trim().toLowerCase() }] : []
      return invitations.find(
        { $or: [{ ownerId: userId }, { invitedBy: userId }, { acceptedUserId: userId }, ...toAddress] },
        { sort: { id: 1 } },
      )
    },
    removeMany(ids: number[]): Promise<number> {
      return ids.length === 0 ? Promise.resolve(0) : invitations.deleteMany({ id: { $in: ids } })
    },
    /**
     * For the data export (decision 060), oldest first, a page at a time: what `userId` sent, what they
     * accepted, or every invitation to their own profiles.
     */
    inPagesOf(
      userId: number,
      which: 'sent' | 'received' | 'to-own-profiles',
    ): AsyncGenerator<StoredInvitation> {
      const field = { sent: 'invitedBy', received: 'acceptedUserId', 'to-own-profiles': 'ownerId' }[which]
      return inPages(invitations, { [field]: userId })
    },
    findMany(ids: number[]): Promise<StoredInvitation[]> {
      return invitations.find({ id: { $in: ids } }, { sort: { id: 1 } })
    },
  }
}
export type InvitationsRepository = Awaited<ReturnType<typeof createInvitationsRepository>>
