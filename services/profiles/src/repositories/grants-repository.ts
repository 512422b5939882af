import { z } from 'zod'
import type { AccessRevoked, InvitationAccepted } from '@app/contracts/events'
import type { DocumentStore } from '@app/kit/store/port'
import { UserIdSchema } from './assessments-repository.ts'

/** One accepted invitation: `granteeId` may see the profiles of `ownerId` while it is active. */
export const GrantDocumentSchema = z.object({
  invitationId: z.number().int().positive(),
  rootInvitationId: z.number().int().positive(),
  ownerId: UserIdSchema,
  granteeId: UserIdSchema,
  sharedBy: z.object({ name: z.string(), email: z.string() }),
  /** On a forward: the guest owner it came through. */
  sharedVia: z.object({ name: z.string(), email: z.string() }).optional(),
  /** Whether the grantee may share it on ('View and share'); absent on grants stored before it was kept. */
  mayForward: z.boolean().optional(),
  /** False once revoked, and for a revoke that arrived before its grant: that grant never becomes active. */
  active: z.boolean(),
  grantedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
})
export type GrantDocument = z.output<typeof GrantDocumentSchema>

/** What the catalog holds of a grant. */
export interface Grant {
  invitationId: number
  ownerId: number
  granteeId: number
  sharedBy: { name: string; email: string }
  sharedVia?: { name: string; email: string } | undefined
  mayForward?: boolean | undefined
}

const toGrant = (document: GrantDocument): Grant => ({
  invitationId: document.invitationId,
  ownerId: document.ownerId,
  granteeId: document.granteeId,
  sharedBy: document.sharedBy,
  ...(document.sharedVia ? { sharedVia: document.sharedVia } : {}),
  ...(document.mayForward ? { mayForward: true } : {}),
})

/**
 * The grants projection's store: one document per invitation, so that replaying an event, or a revoke
 * delivered before its grant, leaves the same state (a revoked invitation never grants again).
 */
export async function createGrantsRepository(store: DocumentStore) {
  const grants = await store.collection('grants', {
    schema: GrantDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'invitationId', unique: true }, { field: 'granteeId' }],
  })
  const isDuplicate = (error: unknown) => (error as Error).name === 'DuplicateKeyError'
  return {
    /** The grant as added, or null when the invitation is already known (granted or revoked). */
    async grant(event: InvitationAccepted): Promise<Grant | null> {
      if (await grants.findOne({ invitationId: event.invitationId })) return null
      try {
        const inserted = await grants.insert({
          invitationId: event.invitationId,
          rootInvitationId: event.rootInvitationId,
          ownerId: event.ownerId,
          granteeId: event.granteeId,
          sharedBy: event.sharedBy,
          ...(event.sharedVia ? { sharedVia: event.sharedVia } : {}),
          mayForward: event.inviteeRole === 'guest_owner',
          active: true,
          grantedAt: new Date(event.acceptedAt),
          revokedAt: null,
        })
        return toGrant(inserted)
      } catch (error) {
        if (isDuplicate(error)) return null
        throw error
      }
    },
    /** Whether an active grant ended; a revoke of an unknown grant is kept so that the grant never starts. */
    async revoke(event: AccessRevoked): Promise<boolean> {
      const revokedAt = new Date(event.revokedAt)
      const ended = await grants.updateOne(
        { invitationId: event.invitationId, active: true },
        { $set: { active: false, revokedAt } },
      )
      if (ended) return true
      if (await grants.findOne({ invitationId: event.invitationId })) return false
      try {
        await grants.insert({
          invitationId: event.invitationId,
          rootInvitationId: event.rootInvitationId,
          ownerId: event.ownerId,
          granteeId: event.granteeId,
          sharedBy: { name: '', email: '' },
          active: false,
          grantedAt: null,
          revokedAt,
        })
      } catch (error) {
        // The grant arrived meanwhile: revoke it.
        if (!isDuplicate(error)) throw error
        return this.revoke(event)
      }
      return false
    },
    /**
     * Deletes every grant to or from the person, or forwarded by them (`email`, theirs), active or not:
     * their account is deleted. Returns how many.
     */
    removeInvolving(userId: number, email?: string): Promise<number> {
      const forwarded = email ? [{ 'sharedVia.email': email }] : []
      return grants.deleteMany({ $or: [{ ownerId: userId }, { granteeId: userId }, ...forwarded] })
    },
    async listActive(): Promise<Grant[]> {
      return (await grants.find({ active: true }, { sort: { invitationId: 1 } })).map(toGrant)
    },
  }
}
export type GrantsRepository = Awaited<ReturnType<typeof createGrantsRepository>>
