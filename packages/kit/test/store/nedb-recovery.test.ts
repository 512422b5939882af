import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createNedbStore } from '../../src/store/nedb.ts'
import { openPeople, person } from './fixtures.ts'

let directory: string
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('nedb id counters', () => {
  for (const [damage, content] of [
    ['lost', ''],
    ['behind the data', '{"_id":"people","seq":1}\n'],
  ] as const) {
    it(`recover from the highest stored id when counters.db is ${damage}`, async () => {
      directory = await mkdtemp(join(tmpdir(), 'kit-counters-'))
      const first = await createNedbStore({ directory })
      const people = await openPeople(first)
      for (let index = 0; index < 3; index += 1) await people.insert(person())
      await first.close()

      await writeFile(join(directory, 'counters.db'), content)
      const reopened = await createNedbStore({ directory })
      const again = await openPeople(reopened)
      const next = await again.insert(person())
      expect(next.id).toBe(4)
      expect(await again.count({})).toBe(4)
      await reopened.close()
    })
  }
})
