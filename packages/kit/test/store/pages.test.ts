import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createNedbStore } from '../../src/store/nedb.ts'
import { inPages } from '../../src/store/pages.ts'

describe('inPages', () => {
  it("reads every match in id order, a page at a time, and nothing else's", async () => {
    const store = await createNedbStore({ directory: null })
    const notes = await store.collection('notes', {
      schema: z.object({ ownerId: z.number().int(), text: z.string() }),
      idKind: 'int',
      indexes: [{ field: 'ownerId' }],
    })
    for (let index = 0; index < 450; index += 1)
      await notes.insert({ ownerId: index % 3 === 0 ? 2 : 1, text: `note ${index}` })
    const pageSizes: number[] = []
    const counting = {
      find: async (...args: Parameters<typeof notes.find>) => {
        const page = await notes.find(...args)
        pageSizes.push(page.length)
        return page
      },
    } as typeof notes
    const read = []
    for await (const note of inPages(counting, { ownerId: 1 }, 100)) read.push(note)
    const expected = await notes.find({ ownerId: 1 }, { sort: { id: 1 } })
    expect(read.map((note) => note.id)).toEqual(expected.map((note) => note.id))
    expect(read).toHaveLength(300)
    expect(read.every((note) => note.ownerId === 1)).toBe(true)
    expect(pageSizes).toEqual([100, 100, 100, 0])
    await store.close()
  })
})
