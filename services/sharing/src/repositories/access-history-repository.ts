import { z } from 'zod'
import { GuestRoleSchema } from '@app/contracts/sharing'
import { inPages } from '@app/kit/store/pages'
import type { DocumentStore } from '@app/kit/store/port'

/**
 * The access history: one record per thing that happened to an invitation (invited, accepted, revoked),
 * appended and never changed, so that the owner sees what happened even after an invitation is revoked.
 */
export const AccessHistoryRecordSchema = z.object({
  ownerId: z.number().int().positive(),
  invitationId: z.number().int().positive(),
  parentInvitationId: z.number().int().positive().nullable(),
  kind: z.enum(['invited', 'accepted', 'revoked']),
  at: z.date(),
  actorId: z.number().int().positive(),
  actorName: z.string(),
  actorEmail: z.string(),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
  /** Set on 'revoked' records: unique, so that a revoke finished twice is recorded once (decision 026). */
  revocationOf: z.number().int().positive().optional(),
})
export type AccessHistoryRecord = z.output<typeof AccessHistoryRecordSchema>

export async function createAccessHistoryRepository(store: DocumentStore) {
  const records = await store.collection('access_history', {
    schema: AccessHistoryRecordSchema,
    idKind: 'int',
    indexes: [{ field: 'ownerId' }, { field: 'revocationOf', unique: true, sparse: true }],
  })
  return {
    async append(record: AccessHistoryRecord): Promise<void> {
      await records.insert(record)
    },
    /** Records an invitation's revoke unless it is recorded already. */
    async appendRevocation(record: AccessHistoryRecord & { kind: 'revoked' }): Promise<void> {
      try {
        await records.insert({ ...record, revocationOf: record.invitationId })
      } catch (error) {
        if ((error as Error).name !== 'DuplicateKeyError') throw error
      }
    },
    /** Deletes the records of the person's profiles, of what they did and of these invitations. */
    removeInvolving(userId: number, invitationIds: number[]): Promise<number> {
      return records.deleteMany({
        $or: [{ ownerId: userId }, { actorId: userId }, { invitationId: { $in: invitationIds } }],
      })
    },
    /** In the order they happened. */
    listByOwner(ownerId: number): Promise<Array<AccessHistoryRecord & { id: number }>> {
      return records.find({ ownerId }, { sort: { id: 1 } })
    },
    /** The same, a page at a time (the data export, decision 060). */
    inPagesOfOwner(ownerId: number): AsyncGenerator<AccessHistoryRecord & { id: number }> {
      return inPages(records, { ownerId })
    },
  }
}
export type AccessHistoryRepository = Awaited<ReturnType<typeof createAccessHistoryRepository>>
