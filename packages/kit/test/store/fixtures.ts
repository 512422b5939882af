import { z } from 'zod'
import type { Collection, DocumentStore } from '../../src/store/port.ts'

/** The collection every contract case runs against: each kind of field the port has rules for. */
export const PersonSchema = z.object({
  name: z.string(),
  username: z.string(),
  email: z.string().optional(),
  age: z.number().nullable().optional(),
  tags: z.array(z.string()).default([]),
  scores: z.array(z.number()).default([]),
  active: z.boolean().default(true),
  joinedAt: z.date().nullable().optional(),
  address: z.object({ city: z.string(), zip: z.string().optional() }).optional(),
  meta: z.record(z.string(), z.string()).optional(),
  /** Under a unique index over its elements: no alias names two people. */
  aliases: z.array(z.string()).optional(),
})

export type Person = z.input<typeof PersonSchema>
export type People = Collection<z.output<typeof PersonSchema>, 'int', Person>

export function openPeople(store: DocumentStore, name = 'people'): Promise<People> {
  return store.collection(name, {
    schema: PersonSchema,
    idKind: 'int',
    indexes: [
      { field: 'username', unique: true },
      { field: 'email', unique: true, sparse: true },
      { field: 'age' },
      { field: 'aliases', unique: true, sparse: true },
    ],
  })
}

let sequence = 0
/** A valid person with a unique username; `overrides` set or replace fields. */
export function person(overrides: Partial<Person> = {}): Person {
  sequence += 1
  return { name: `Person ${sequence}`, username: `user-${sequence}`, ...overrides }
}

/** Inserts the given people in order and returns them as stored. */
export async function insertAll(people: People, documents: Person[]) {
  const stored = []
  for (const document of documents) stored.push(await people.insert(document))
  return stored
}

/** The names of what a query returned, sorted, so that assertions read as sets. */
export const namesOf = (documents: Array<{ name: string }>) =>
  documents.map((document) => document.name).sort()

export interface StoreUnderTest {
  store: DocumentStore
  /** Closes `store` and opens the same data again; absent when the adapter keeps nothing after close. */
  reopen?: () => Promise<DocumentStore>
}
