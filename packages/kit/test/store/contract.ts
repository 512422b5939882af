import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DuplicateKeyError, StoreQueryError, type DocumentStore } from '../../src/store/port.ts'
import { insertAll, namesOf, openPeople, person, type People, type StoreUnderTest } from './fixtures.ts'
import { queryContract } from './contract-queries.ts'

/**
 * The document-store port's contract, run unchanged against every adapter. `makeStore` gives a fresh, empty
 * store for each case; a `reopen` on its answer enables the durability cases.
 */
export function storeContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`document store contract: ${name}`, () => {
    let underTest: StoreUnderTest
    let store: DocumentStore
    let people: People

    beforeEach(async () => {
      underTest = await makeStore()
      store = underTest.store
      people = await openPeople(store)
    })
    afterEach(async () => {
      await store.close()
    })

    it('inserts documents with consecutive integer ids, applying schema defaults', async () => {
      const [ada, bob] = await insertAll(people, [
        person({ name: 'Ada' }),
        person({ name: 'Bob', tags: ['x'] }),
      ])
      expect(ada).toMatchObject({ id: 1, name: 'Ada', tags: [], scores: [], active: true })
      expect(bob).toMatchObject({ id: 2, name: 'Bob', tags: ['x'] })
      expect(await people.findOne({ id: 2 })).toEqual(bob)
      expect(await people.findOne({ id: 3 })).toBeNull()
    })

    it('never returns the internal _id', async () => {
      const inserted = await people.insert(person({ name: 'Ada' }))
      const found = await people.findOne({ name: 'Ada' })
      const listed = await people.find({})
      const updated = await people.updateOne({ name: 'Ada' }, { $set: { age: 3 } })
      for (const document of [inserted, found, ...listed, updated]) {
        expect(document).not.toHaveProperty('_id')
        expect(document).toHaveProperty('id', 1)
      }
    })

    it('gives uuid ids to a uuid collection', async () => {
      const notes = await store.collection('notes', {
        schema: z.object({ text: z.string() }),
        idKind: 'uuid',
      })
      const first = await notes.insert({ text: 'one' })
      const second = await notes.insert({ text: 'two' })
      expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(second.id).not.toBe(first.id)
      expect(await notes.findOne({ id: second.id })).toEqual({ id: second.id, text: 'two' })
    })

    it('keeps a separate id sequence per collection, shared by handles on the same collection', async () => {
      const teams = await store.collection('teams', {
        schema: z.object({ title: z.string() }),
        idKind: 'int',
      })
      await insertAll(people, [person(), person()])
      expect((await teams.insert({ title: 'A' })).id).toBe(1)
      const again = await openPeople(store)
      expect((await again.insert(person())).id).toBe(3)
      expect(await people.count({})).toBe(3)
    })

    it('gives 50 parallel inserts 50 distinct consecutive ids', async () => {
      const inserted = await Promise.all(Array.from({ length: 50 }, () => people.insert(person())))
      const ids = inserted.map((document) => document.id).sort((a, b) => a - b)
      expect(ids).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
      expect(await people.count({})).toBe(50)
    })

    it('refuses only the insert whose key is taken among many at once, and stores the others', async () => {
      const taken = await people.insert(person({ username: 'taken' }))
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, (_, index) =>
          people.insert(person(index === 17 ? { username: 'taken' } : { name: `Batch ${index}` })),
        ),
      )
      const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
      expect(refused).toHaveLength(1)
      expect(refused[0]).toBeInstanceOf(DuplicateKeyError)
      expect(refused[0]).toMatchObject({ field: 'username' })
      const stored = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
      expect(new Set(stored.map((document) => document.id)).size).toBe(29)
      expect(await people.count({})).toBe(30)
      expect(await people.count({ username: 'taken' })).toBe(1)
      expect((await people.findOne({ username: 'taken' }))?.id).toBe(taken.id)
      for (const document of stored) expect(await people.findOne({ id: document.id })).toEqual(document)
    })

    it('sorts, skips and limits, ordering by id when no sort is given', async () => {
      await insertAll(people, [
        person({ name: 'C', age: 30 }),
        person({ name: 'A', age: 20 }),
        person({ name: 'B', age: 30 }),
        person({ name: 'D', age: 10 }),
      ])
      const names = (documents: Array<{ name: string }>) => documents.map((document) => document.name)
      expect(names(await people.find({}))).toEqual(['C', 'A', 'B', 'D'])
      expect(names(await people.find({}, { sort: { name: 1 } }))).toEqual(['A', 'B', 'C', 'D'])
      expect(names(await people.find({}, { sort: { age: -1, name: 1 } }))).toEqual(['B', 'C', 'A', 'D'])
      // Ties fall back to id, so pages never overlap.
      expect(names(await people.find({}, { sort: { age: -1 } }))).toEqual(['C', 'B', 'A', 'D'])
      expect(names(await people.find({}, { sort: { name: 1 }, skip: 1, limit: 2 }))).toEqual(['B', 'C'])
      expect(names(await people.find({}, { sort: { id: -1 }, limit: 1 }))).toEqual(['D'])
      expect(await people.count({ age: 30 })).toBe(2)
    })

    it('refuses bad find options', async () => {
      await expect(people.find({}, { sort: { unknown: 1 } })).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.find({}, { sort: { name: 2 as 1 } })).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.find({}, { limit: -1 })).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.find({}, { limit: 1.5 })).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.find({}, { skip: -1 })).rejects.toBeInstanceOf(StoreQueryError)
    })

    it('updates one document with $set, $unset, $inc, $push and $pull, returning it as updated', async () => {
      const [ada] = await insertAll(people, [
        person({ name: 'Ada', age: 30, tags: ['a', 'b', 'a'] }),
        person(),
      ])
      const updated = await people.updateOne(
        { id: ada!.id },
        {
          $set: { name: 'Ada L', 'address.city': 'London' },
          $inc: { age: 2 },
          $push: { scores: 7 },
          $pull: { tags: 'a' },
        },
      )
      expect(updated).toMatchObject({
        id: 1,
        name: 'Ada L',
        age: 32,
        scores: [7],
        tags: ['b'],
        address: { city: 'London' },
      })
      expect(await people.findOne({ id: 1 })).toEqual(updated)
      const unset = await people.updateOne({ id: 1 }, { $unset: { age: true, address: '' } })
      expect(unset).not.toHaveProperty('age')
      expect(unset).not.toHaveProperty('address')
      expect(await people.updateOne({ name: 'nobody' }, { $set: { age: 1 } })).toBeNull()
    })

    it('updateOne changes only the first match and updateMany counts every match', async () => {
      await insertAll(people, [person({ age: 1 }), person({ age: 1 }), person({ age: 2 })])
      await people.updateOne({ age: 1 }, { $set: { active: false } })
      expect(await people.count({ active: false })).toBe(1)
      expect(await people.updateMany({ age: 1 }, { $set: { active: false } })).toBe(2)
      expect(await people.count({ active: false })).toBe(2)
      expect(await people.updateMany({ age: 99 }, { $set: { active: false } })).toBe(0)
    })

    it('deletes one or many documents', async () => {
      await insertAll(people, [
        person({ age: 1 }),
        person({ age: 1 }),
        person({ age: 1 }),
        person({ age: 2 }),
      ])
      expect(await people.deleteOne({ age: 1 })).toBe(true)
      expect(await people.count({ age: 1 })).toBe(2)
      expect(await people.deleteOne({ age: 99 })).toBe(false)
      expect(await people.deleteMany({ age: 1 })).toBe(2)
      expect(await people.deleteMany({ age: 1 })).toBe(0)
      expect(await people.count({})).toBe(1)
    })

    it('round-trips dates as Date objects', async () => {
      const joinedAt = new Date('2024-02-29T12:34:56.789Z')
      await people.insert(person({ name: 'Ada', joinedAt }))
      const found = await people.findOne({ joinedAt })
      expect(found?.joinedAt).toBeInstanceOf(Date)
      expect(found?.joinedAt?.toISOString()).toBe(joinedAt.toISOString())
      const later = new Date('2025-01-01T00:00:00.000Z')
      const updated = await people.updateOne({ name: 'Ada' }, { $set: { joinedAt: later } })
      expect(updated?.joinedAt).toEqual(later)
    })

    it('refuses a duplicate on a unique field, naming the field and storing nothing', async () => {
      await people.insert(person({ username: 'ada', email: 'ada@example.com' }))
      const duplicate = await people.insert(person({ username: 'ada' })).catch((error: unknown) => error)
      expect(duplicate).toBeInstanceOf(DuplicateKeyError)
      expect(duplicate).toMatchObject({ collection: 'people', field: 'username' })
      const sameEmail = await people
        .insert(person({ email: 'ada@example.com' }))
        .catch((error: unknown) => error)
      expect(sameEmail).toMatchObject({ name: 'DuplicateKeyError', field: 'email' })
      expect(await people.count({})).toBe(1)
      const bob = await people.insert(person({ username: 'bob' }))
      const clash = await people
        .updateOne({ id: bob.id }, { $set: { username: 'ada' } })
        .catch((error: unknown) => error)
      expect(clash).toMatchObject({ name: 'DuplicateKeyError', field: 'username' })
      expect(await people.findOne({ id: bob.id })).toMatchObject({ username: 'bob' })
    })

    it('lets a sparse unique field be missing on many documents', async () => {
      await insertAll(people, [person(), person(), person({ email: 'one@example.com' })])
      expect(await people.count({ email: { $exists: false } })).toBe(2)
      await expect(people.insert(person({ email: 'one@example.com' }))).rejects.toBeInstanceOf(
        DuplicateKeyError,
      )
    })

    it('keeps each element of an array field under a unique index on one document', async () => {
      const ada = await people.insert(person({ name: 'Ada', aliases: ['ada@example.com', 'ada'] }))
      await insertAll(people, [person(), person()])
      const shared = await people
        .insert(person({ aliases: ['bob', 'ada@example.com'] }))
        .catch((error: unknown) => error)
      expect(shared).toMatchObject({ name: 'DuplicateKeyError', collection: 'people', field: 'aliases' })
      const bob = await people.insert(person({ name: 'Bob', aliases: ['bob', 'bob'] }))
      const clash = await people
        .updateOne({ id: bob.id }, { $set: { aliases: ['bob', 'ada'] } })
        .catch((error: unknown) => error)
      expect(clash).toMatchObject({ name: 'DuplicateKeyError', field: 'aliases' })
      expect(await people.findOne({ aliases: 'bob' })).toMatchObject({ id: bob.id })
      expect(await people.findOne({ aliases: 'ada' })).toMatchObject({ id: ada.id })
      // Given up, an element is free again.
      await people.updateOne({ id: ada.id }, { $set: { aliases: ['ada@example.com'] } })
      expect(await people.updateOne({ id: bob.id }, { $set: { aliases: ['bob', 'ada'] } })).toMatchObject({
        aliases: ['bob', 'ada'],
      })
    })

    it('lets exactly one of concurrent inserts claim an element under a unique index', async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, index) =>
          people.insert(person({ aliases: [`own-${index}`, 'contested'] })),
        ),
      )
      const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled')
      expect(stored).toHaveLength(1)
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DuplicateKeyError)
      expect(await people.count({ aliases: 'contested' })).toBe(1)
    })

    it('validates documents and updates with the schema', async () => {
      await expect(people.insert({ name: 'No username' } as never)).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.insert(person({ age: 'old' as never }))).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.insert(person({ meta: { $gt: '' } }))).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.insert(person({ meta: { 'a.b': '' } }))).rejects.toBeInstanceOf(StoreQueryError)
      const stripped = await people.insert({
        ...person({ name: 'Ada' }),
        id: 99,
        _id: 'x',
        role: 'admin',
      } as never)
      expect(stripped).not.toHaveProperty('role')
      expect(stripped.id).toBe(1)
      const refused: unknown[] = [
        { $set: { age: 'old' } },
        { $set: { unknown: 1 } },
        { $set: { id: 5 } },
        { $set: { _id: 'x' } },
        { $set: { name: undefined } },
        { $set: { 'address.city': { $where: 'x' } } },
        { $inc: { age: '1' } },
        { $push: { name: 'x' } },
        { $push: { tags: 5 } },
        { $pull: { tags: { $in: ['a'] } } },
        { $unset: { name: true } },
        { $rename: { name: 'title' } },
        { $setOnInsert: { name: 'x' } },
        { $set: { name: 'x' }, $unset: { name: true } },
        { $set: { address: { city: 'x' }, 'address.city': 'y' } },
        { $set: {} },
        {},
        { name: 'replacement document' },
      ]
      for (const update of refused) {
        await expect(people.updateMany({}, update as never), JSON.stringify(update)).rejects.toBeInstanceOf(
          StoreQueryError,
        )
      }
      expect(await people.findOne({ id: 1 })).toEqual(stripped)
    })

    it('refuses bad collection definitions', async () => {
      const schema = z.object({ title: z.string() })
      await expect(store.collection('counters', { schema, idKind: 'int' })).rejects.toBeInstanceOf(
        StoreQueryError,
      )
      await expect(store.collection('Bad Name', { schema, idKind: 'int' })).rejects.toBeInstanceOf(
        StoreQueryError,
      )
      const withId = z.object({ id: z.string(), title: z.string() })
      await expect(store.collection('with_id', { schema: withId, idKind: 'int' })).rejects.toBeInstanceOf(
        StoreQueryError,
      )
      const badIndex = { schema, idKind: 'int' as const, indexes: [{ field: 'missing', unique: true }] }
      await expect(store.collection('bad_index', badIndex)).rejects.toBeInstanceOf(StoreQueryError)
    })

    it('answers ping while open', async () => {
      expect(await store.ping()).toBe(true)
      expect(['nedb', 'mongodb']).toContain(store.kind)
    })

    it('keeps documents and continues the id sequence after a reopen', async (context) => {
      if (!underTest.reopen) return context.skip('this adapter keeps nothing after close')
      await insertAll(people, [person({ name: 'Ada', joinedAt: new Date(0) }), person({ name: 'Bob' })])
      await people.updateOne({ name: 'Bob' }, { $set: { age: 40 } })
      await people.deleteOne({ name: 'Ada' })
      await people.insert(person({ name: 'Cy' }))
      store = await underTest.reopen()
      people = await openPeople(store)
      expect(namesOf(await people.find({}))).toEqual(['Bob', 'Cy'])
      expect(await people.findOne({ name: 'Bob' })).toMatchObject({ id: 2, age: 40 })
      expect((await people.insert(person({ name: 'Dee' }))).id).toBe(4)
      await expect(
        people.insert(person({ username: (await people.findOne({ name: 'Bob' }))!.username })),
      ).rejects.toBeInstanceOf(DuplicateKeyError)
    })

    queryContract(() => people)
  })
}
