import { z } from 'zod'
import type { UserSnapshot } from '@app/contracts/events'
import type { DocumentStore } from '@app/kit/store/port'
import { UserIdSchema } from './assessments-repository.ts'

/** The names of account holders, as auth announced them: a saved assessment defaults to its owner's name. */
export const PersonDocumentSchema = z.object({
  userId: UserIdSchema,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  /** Missing for people announced before it was kept: their username, when an e-mail, stands in. */
  email: z.string().optional(),
  updatedAt: z.date(),
  /** When auth announced these names (the event's time); an older announcement changes nothing. */
  announcedAt: z.date().optional(),
})
export type Person = z.output<typeof PersonDocumentSchema>

/** The e-mail an owner is shown with (the administrator's lists): as announced, else an e-mail username. */
export function emailOf(person: Pick<Person, 'email' | 'username'>): string {
  return person.email || (person.username.includes('@') ? person.username : '')
}

/** The name a profile saved without one shows: the person's name, else their username. */
export function defaultNameOf(person: Pick<Person, 'name' | 'username'>): string {
  return person.name.trim() || person.username
}

export async function createPeopleRepository(store: DocumentStore) {
  const people = await store.collection('people', {
    schema: PersonDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'userId', unique: true }],
  })
  return {
    /**
     * Keeps the names of an announcement unless the person holds a later one; returns the person as updated,
     * or null when the announcement was older. Idempotent: replaying it leaves one person with the same names.
     */
    async upsert(user: UserSnapshot, announcedAt: Date): Promise<Person | null> {
      const fields = {
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        name: user.name,
        email: user.email,
        updatedAt: new Date(),
        announcedAt,
      }
      const notNewer = {
        userId: user.id,
        $or: [{ announcedAt: { $exists: false } }, { announcedAt: { $lte: announcedAt } }],
      }
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const updated = await people.updateOne(notNewer, { $set: fields })
        if (updated) return updated
        if (await people.findOne({ userId: user.id })) return null
        try {
          return await people.insert({ userId: user.id, ...fields })
        } catch (error) {
          // Two deliveries raced: the other one inserted first, so compare with it instead.
          if ((error as Error).name !== 'DuplicateKeyError') throw error
        }
      }
      return null
    },
    /**
     * The people of an import's batch (docs/decisions/047-imported-names-in-the-batch.md): the ones not held
     * yet are added at once (concurrent inserts share the store's fsyncs), with no announcement time, so
     * any announcement of theirs wins; the ones held stay as they are. Returns every one of them, as held.
     */
    async introduceAll(users: readonly UserSnapshot[]): Promise<Person[]> {
      if (users.length === 0) return []
      const held = new Map<number, Person>()
      for (const person of await people.find({ userId: { $in: users.map((user) => user.id) } }))
        held.set(person.userId, person)
      const fresh = new Map(users.filter((user) => !held.has(user.id)).map((user) => [user.id, user]))
      const updatedAt = new Date()
      const outcomes = await Promise.allSettled(
        [...fresh.values()].map((user) =>
          people.insert({
            userId: user.id,
            username: user.username,
            firstName: user.firstName,
            lastName: user.lastName,
            name: user.name,
            email: user.email,
            updatedAt,
          }),
        ),
      )
      for (const [position, userId] of [...fresh.keys()].entries()) {
        const outcome = outcomes[position]!
        if (outcome.status === 'fulfilled') held.set(userId, outcome.value)
        else if ((outcome.reason as Error).name !== 'DuplicateKeyError') throw outcome.reason
        else {
          // The same batch, sent again at once, or an announcement, inserted first: theirs stands.
          const raced = await people.findOne({ userId })
          if (raced) held.set(userId, raced)
        }
      }
      return [...held.values()]
    },
    /** Forgets the person (their account is deleted). */
    remove(userId: number): Promise<boolean> {
      return people.deleteOne({ userId })
    },
    findByUserId(userId: number): Promise<Person | null> {
      return people.findOne({ userId })
    },
    /** Everyone's default name and e-mail, for rebuilding the catalog. */
    async known(): Promise<{ names: Map<number, string>; emails: Map<number, string> }> {
      const everyone = (await people.find({})).filter(
        (person) => UserIdSchema.safeParse(person.userId).success,
      )
      return {
        names: new Map(everyone.map((person) => [person.userId, defaultNameOf(person)])),
        emails: new Map(everyone.map((person) => [person.userId, emailOf(person)])),
      }
    },
  }
}
export type PeopleRepository = Awaited<ReturnType<typeof createPeopleRepository>>
