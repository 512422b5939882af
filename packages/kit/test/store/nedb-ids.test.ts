import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createNedbStore } from '../../src/store/nedb.ts'
import { namesOf, openPeople } from './fixtures.ts'

let directory: string
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

const records = async (file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/** A person line as a store from before decision 016 wrote it: a random `_id` beside the `id`. */
const legacyLine = (id: number, name: string, internal = `legacy${id}abcdefghij`.slice(0, 16)) =>
  JSON.stringify({ _id: internal, id, name, username: `user-${id}`, tags: [], scores: [], active: true })
const INDEX_ON_ID = JSON.stringify({ $$indexCreated: { fieldName: 'id', unique: true, sparse: false } })

describe('nedb ids (decision 016)', () => {
  it("stores a document under its id, so NeDB's own index is the only one an id needs", async () => {
    directory = await mkdtemp(join(tmpdir(), 'kit-ids-'))
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    const ada = await people.insert({ name: 'Ada', username: 'ada' })
    expect(ada).not.toHaveProperty('_id')
    expect(await people.findOne({ id: ada.id })).toMatchObject({ name: 'Ada' })
    expect(namesOf(await people.find({ id: { $in: [ada.id, 99] } }))).toEqual(['Ada'])
    await store.close()
    const lines = await records(join(directory, 'people.db'))
    expect(lines.find((line) => line.name === 'Ada')).toMatchObject({ _id: ada.id, id: ada.id })
    expect(lines.some((line) => (line.$$indexCreated as { fieldName?: string })?.fieldName === 'id')).toBe(
      false,
    )
  })

  it('adopts a datafile written before: every document found by id, the counter above them, no twin', async () => {
    directory = await mkdtemp(join(tmpdir(), 'kit-ids-'))
    const file = join(directory, 'people.db')
    await writeFile(
      file,
      [INDEX_ON_ID, legacyLine(1, 'Ada'), legacyLine(2, 'Grace'), legacyLine(3, 'Linus'), ''].join('\n'),
    )
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    expect(await people.count({})).toBe(3)
    expect(await people.findOne({ id: 2 })).toMatchObject({ name: 'Grace', username: 'user-2' })
    expect((await people.insert({ name: 'Barbara', username: 'barbara' })).id).toBe(4)
    expect(await people.updateOne({ id: 1 }, { $set: { name: 'Ada L.' } })).toMatchObject({ id: 1 })
    expect(namesOf(await people.find({}))).toEqual(['Ada L.', 'Barbara', 'Grace', 'Linus'])
    await store.close()

    const lines = await records(file)
    expect(
      lines
        .filter((line) => typeof line.name === 'string')
        .map((line) => line._id)
        .sort(),
    ).toEqual([1, 2, 3, 4])
    const reopened = await createNedbStore({ directory })
    const again = await openPeople(reopened)
    expect(namesOf(await again.find({}))).toEqual(['Ada L.', 'Barbara', 'Grace', 'Linus'])
    expect((await again.insert({ name: 'Edsger', username: 'edsger' })).id).toBe(5)
    await reopened.close()
  })

  it('adopts again after an adoption cut off before its rename (a partial copy left beside the file)', async () => {
    directory = await mkdtemp(join(tmpdir(), 'kit-ids-'))
    const file = join(directory, 'people.db')
    await writeFile(file, [INDEX_ON_ID, legacyLine(1, 'Ada'), legacyLine(2, 'Grace'), ''].join('\n'))
    await writeFile(`${file}.adopting`, `${JSON.stringify({ _id: 1, id: 1, name: 'Ada' })}\n{"_id":2,"id"`)
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    expect(namesOf(await people.find({}))).toEqual(['Ada', 'Grace'])
    expect(await people.findOne({ id: 2 })).toMatchObject({ username: 'user-2' })
    await store.close()
    expect(existsSync(`${file}.adopting`)).toBe(false)
  })
})
