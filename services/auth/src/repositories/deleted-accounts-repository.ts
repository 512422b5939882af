import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'

/**
 * What auth keeps of a deleted account: its id, who deleted it and when, never a name or an address. It lets
 * the in-process bus hear a deletion again after a crash (docs/decisions/061-account-deletion.md).
 */
const DeletedAccountSchema = z.object({
  userId: z.number().int().positive(),
  /** The account's creation time: with the id, it names the deletion's event. */
  createdAtMs: z.number().int(),
  deletedBy: z.number().int().positive(),
  startedAt: z.string(),
  finishedAt: z.date(),
})
export type DeletedAccount = z.infer<typeof DeletedAccountSchema>

export async function createDeletedAccountsRepository(store: DocumentStore) {
  const deleted = await store.collection('deleted_accounts', {
    schema: DeletedAccountSchema,
    idKind: 'uuid',
    indexes: [{ field: 'userId', unique: true }, { field: 'finishedAt' }],
  })
  return {
    /** Records the deletion once; a repeat (a deletion finished twice) changes nothing. */
    async record(account: DeletedAccount): Promise<void> {
      if (await deleted.findOne({ userId: account.userId })) return
      try {
        await deleted.insert(account)
      } catch (error) {
        if ((error as Error).name !== 'DuplicateKeyError') throw error
      }
    },
    finishedSince(since: Date): Promise<DeletedAccount[]> {
      return deleted.find({ finishedAt: { $gte: since } }, { sort: { finishedAt: 1 } })
    },
  }
}
export type DeletedAccountsRepository = Awaited<ReturnType<typeof createDeletedAccountsRepository>>
