import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'
import type { UserCreated } from '@app/contracts/events'

/** The names of account holders, as auth announced them: a saved assessment defaults to its owner's name. */
export const PersonDocumentSchema = z.object({
  userId: z.string().min(1),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  updatedAt: z.date(),
})

export async function createPeopleRepository(store: DocumentStore) {
  const people = await store.collection('people', {
    schema: PersonDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'userId', unique: true }],
  })
  return {
    /** Idempotent: replaying the event leaves one person with the latest names. */
    async upsert(user: UserCreated) {
      const fields = {
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        name: user.name,
        updatedAt: new Date(),
      }
      const updated = await people.updateOne({ userId: user.id }, { $set: fields })
      if (updated) return updated
      try {
        return await people.insert({ userId: user.id, ...fields })
      } catch (error) {
        // Two deliveries raced: the other one inserted first, so update instead.
        if ((error as Error).name !== 'DuplicateKeyError') throw error
        return people.updateOne({ userId: user.id }, { $set: fields })
      }
    },
    findByUserId(userId: string) {
      return people.findOne({ userId })
    },
  }
}
export type PeopleRepository = Awaited<ReturnType<typeof createPeopleRepository>>
