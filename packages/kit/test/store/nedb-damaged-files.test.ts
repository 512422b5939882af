import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DamagedDataFileError, repairDatafile } from '../../src/store/datafiles.ts'
import { createNedbStore } from '../../src/store/nedb.ts'
import { openPeople, person } from './fixtures.ts'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'kit-damaged-'))
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

/** A closed store holding `count` people: the datafile compacted, one line per person. */
async function storeWithPeople(count: number): Promise<string> {
  const store = await createNedbStore({ directory })
  const people = await openPeople(store)
  await Promise.all(Array.from({ length: count }, () => people.insert(person())))
  await store.close()
  return join(directory, 'people.db')
}

async function openingFails(): Promise<DamagedDataFileError> {
  const error = await createNedbStore({ directory }).then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(DamagedDataFileError)
  return error as DamagedDataFileError
}

const lineCount = async (path: string) => (await readFile(path, 'utf8')).split('\n').filter(Boolean).length

describe('damaged nedb datafiles', () => {
  it('a cut last line of a large file stops the store naming the file and line (NeDB would drop it silently)', async () => {
    const path = await storeWithPeople(400)
    const lines = await lineCount(path)
    const { size } = await stat(path)
    await truncate(path, size - 20)

    const error = await openingFails()
    expect(error.message).toContain(`${path}: line ${lines} is cut off`)
    expect(error.message).toContain('npm run data:repair')
  })

  it('a garbled line of a small file stops the store naming the file and line', async () => {
    const path = await storeWithPeople(3)
    const content = (await readFile(path, 'utf8')).split('\n')
    content[1] = content[1]!.replace('{', '#')
    await writeFile(path, content.join('\n'))

    const error = await openingFails()
    expect(error.message).toContain(`${path}: line 2 is not a valid record`)
  })

  it('a cut counters.db stops the store; after the repair the next id follows the highest stored one', async () => {
    await storeWithPeople(5)
    const counters = join(directory, 'counters.db')
    await writeFile(counters, '{"_id":"people","se')

    const error = await openingFails()
    expect(error.message).toContain(`${counters}: line 1 is cut off`)

    const repaired = repairDatafile(counters, { now: new Date('2026-11-23T10:00:00Z') })
    expect(repaired?.dropped).toEqual([{ line: 1, reason: 'cut', bytes: 19 }])
    expect(repaired?.backup).toBe(`${counters}.bak-2026-11-23T10-00-00-000Z`)
    expect(await readFile(repaired!.backup, 'utf8')).toBe('{"_id":"people","se')

    const reopened = await createNedbStore({ directory })
    const people = await openPeople(reopened)
    expect((await people.insert(person())).id).toBe(6)
    await reopened.close()
  })

  it('the repair keeps every intact record and a backup of the damaged file', async () => {
    const path = await storeWithPeople(50)
    const original = (await readFile(path, 'utf8')).split('\n')
    original[10] = 'garbage'
    await writeFile(path, original.join('\n'))

    const repaired = repairDatafile(path)
    expect(repaired?.dropped).toEqual([{ line: 11, reason: 'garbled', bytes: 7 }])
    expect(await readFile(repaired!.backup, 'utf8')).toBe(original.join('\n'))
    expect(repairDatafile(path)).toBeNull()

    const reopened = await createNedbStore({ directory })
    expect(await (await openPeople(reopened)).count({})).toBe(49)
    await reopened.close()
    expect((await readdir(directory)).filter((name) => name.includes('.bak-'))).toHaveLength(1)
  })
})
