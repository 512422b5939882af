import { createHook } from 'node:async_hooks'
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createNedbStore } from '../../src/store/nedb.ts'
import { storeContract } from './contract.ts'
import { openPeople, person } from './fixtures.ts'

const directories: string[] = []
async function temporaryDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'kit-store-'))
  directories.push(directory)
  return directory
}
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })))
})

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean)
/** This process's descriptors open on `file`: the file the path names now, and copies a rename replaced. */
async function descriptorsOn(file: string) {
  const names = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => null)),
  )
  return {
    current: names.filter((name) => name === file).length,
    replaced: names.filter((name) => name === `${file} (deleted)`).length,
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

storeContract('nedb in memory', async () => ({ store: await createNedbStore({ directory: null }) }))

storeContract('nedb files', async () => {
  const directory = await temporaryDirectory()
  const store = await createNedbStore({ directory })
  return {
    store,
    reopen: async () => {
      await store.close()
      return createNedbStore({ directory })
    },
  }
})

describe('nedb files', () => {
  it('keeps one datafile per collection plus the id counters, in a folder it creates', async () => {
    const directory = join(await temporaryDirectory(), 'nested', 'service')
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    await people.insert(person({ name: 'Ada' }))
    await store.close()
    expect((await lines(join(directory, 'people.db'))).some((line) => line.includes('"Ada"'))).toBe(true)
    expect(await lines(join(directory, 'counters.db'))).toEqual([
      expect.stringMatching(/"_id":"people".*"seq":1|"seq":1.*"_id":"people"/),
    ])
  })

  it('keeps every acknowledged write across close and reopen, even when they were issued in parallel', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    await Promise.all(Array.from({ length: 200 }, (_, index) => people.insert(person({ age: index }))))
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => people.updateOne({ age: index }, { $set: { active: false } })),
    )
    await store.close()

    const reopened = await createNedbStore({ directory })
    const again = await openPeople(reopened)
    expect(await again.count({})).toBe(200)
    expect(await again.count({ active: false })).toBe(50)
    expect((await again.insert(person())).id).toBe(201)
    await reopened.close()
  })

  it.runIf(process.platform === 'linux')(
    'keeps a datafile open for its writes and syncs, lets go of it when a compaction replaces it, and closes it on close',
    async () => {
      const directory = await temporaryDirectory()
      const file = join(directory, 'people.db')
      const store = await createNedbStore({ directory })
      const people = await openPeople(store)
      await people.insert(person({ name: 'Ada' }))
      expect(await descriptorsOn(file)).toEqual({ current: 1, replaced: 0 })

      // The compaction renames a new file over the path, and the descriptor on the one it replaced is closed.
      await store.compact()
      expect(await descriptorsOn(file)).toEqual({ current: 0, replaced: 0 })
      // The next write opens the new file, and its sync syncs that file.
      await people.insert(person({ name: 'Grace' }))
      expect(await descriptorsOn(file)).toEqual({ current: 1, replaced: 0 })
      expect((await lines(file)).some((line) => line.includes('"Grace"'))).toBe(true)

      await store.close()
      expect(await descriptorsOn(file)).toEqual({ current: 0, replaced: 0 })
    },
  )

  it('opens no file for a write: each goes through the descriptor held, and every one is read back', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    await people.insert(person({ name: 'Ada' }))
    let opened = 0
    const hook = createHook({ init: (_id, type) => void (type === 'FILEHANDLE' && (opened += 1)) }).enable()
    try {
      for (let round = 1; round <= 10; round += 1) await people.insert(person({ age: round }))
      await people.updateOne({ name: 'Ada' }, { $set: { active: false } })
    } finally {
      hook.disable()
    }
    // NeDB's own append opened and closed the file for each of these eleven writes.
    expect(opened).toBe(0)
    await store.close()
    const again = await openPeople(await createNedbStore({ directory }))
    expect(await again.count({})).toBe(11)
    expect(await again.count({ active: false })).toBe(1)
  })

  it('compacts on close, so that rewritten documents do not pile up in the file', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    const ada = await people.insert(person({ name: 'Ada', age: 0 }))
    for (let round = 1; round <= 30; round += 1)
      await people.updateOne({ id: ada.id }, { $set: { age: round } })
    const file = join(directory, 'people.db')
    expect((await lines(file)).filter((line) => line.includes('"Ada"')).length).toBe(31)
    await store.close()
    const compacted = (await lines(file)).filter((line) => line.includes('"Ada"'))
    expect(compacted).toHaveLength(1)
    expect(compacted[0]).toContain('"age":30')
  })

  it('compacts when asked, so that a deleted document leaves the file at once', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory })
    const people = await openPeople(store)
    const ada = await people.insert(person({ name: 'Ada' }))
    await people.insert(person({ name: 'Grace' }))
    await people.deleteOne({ id: ada.id })
    const file = join(directory, 'people.db')
    expect((await lines(file)).some((line) => line.includes('"Ada"'))).toBe(true)
    await store.compact()
    expect((await lines(file)).some((line) => line.includes('"Ada"'))).toBe(false)
    expect((await lines(file)).filter((line) => line.includes('"Grace"'))).toHaveLength(1)
    await store.close()
  })

  it('compacts on its own once a datafile holds more superseded lines than the threshold', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory, compactionIntervalMs: 100, compactAfterSuperseded: 5 })
    const people = await openPeople(store)
    const ada = await people.insert(person({ name: 'Ada' }))
    for (let round = 1; round <= 10; round += 1)
      await people.updateOne({ id: ada.id }, { $set: { age: round } })
    const file = join(directory, 'people.db')
    let adaLines = Number.POSITIVE_INFINITY
    for (let attempt = 0; attempt < 40 && adaLines > 1; attempt += 1) {
      await sleep(50)
      adaLines = (await lines(file)).filter((line) => line.includes('"Ada"')).length
    }
    expect(adaLines).toBe(1)
    await store.close()
  })

  it('never rewrites a datafile that only had inserts, nor one with fewer superseded lines than live ones', async () => {
    const directory = await temporaryDirectory()
    const store = await createNedbStore({ directory, compactionIntervalMs: 50, compactAfterSuperseded: 5 })
    const people = await openPeople(store)
    const inserted = await Promise.all(
      Array.from({ length: 20 }, (_, index) => people.insert(person({ name: `Person ${index}` }))),
    )
    // Ten updates of twenty live documents: over the threshold of five, but under the live count.
    for (const [round, { id }] of inserted.slice(0, 10).entries())
      await people.updateOne({ id }, { $set: { age: round + 40 } })
    const file = join(directory, 'people.db')
    const before = await lines(file)
    await sleep(300)
    // A rewrite would have dropped the ten superseded versions (and the index lines).
    expect(await lines(file)).toEqual(before)
    expect(before.filter((line) => line.includes('"name"'))).toHaveLength(30)
    await store.close()
  })

  it('refuses calls after close', async () => {
    const store = await createNedbStore({ directory: await temporaryDirectory() })
    const people = await openPeople(store)
    await store.close()
    expect(await store.ping()).toBe(false)
    await expect(people.insert(person())).rejects.toThrow('closed')
    await expect(people.find({})).rejects.toThrow('closed')
    await expect(openPeople(store)).rejects.toThrow('closed')
  })
})
