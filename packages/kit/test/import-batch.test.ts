import { describe, expect, it } from 'vitest'
import { creationsOf, importKeyBatch, type FirstOfKey } from '../src/import-batch.ts'
import { DuplicateKeyError } from '../src/store/port.ts'

interface Row {
  importKey: string
  name: string
}
type Result =
  | { importKey: string; status: 'created' | 'existing'; id: number }
  | { importKey: string; status: 'invalid'; reason: string }

/** A table with a unique import key, as the stores keep one: what each send of a batch makes in it. */
function keyedTable() {
  const byKey = new Map<string, number>()
  const sends: string[][] = []
  return {
    byKey,
    sends,
    steps: {
      earlier: async (keys: string[]) =>
        new Map(
          keys.flatMap((importKey): Array<[string, Result]> => {
            const id = byKey.get(importKey)
            return id === undefined ? [] : [[importKey, { importKey, status: 'existing', id }]]
          }),
        ),
      settle: async (firsts: Array<FirstOfKey<Row>>): Promise<Result[]> => {
        sends.push(firsts.map(({ index, row }) => `${index}:${row.importKey}`))
        return firsts.map(({ row }) => {
          if (!row.name) return { importKey: row.importKey, status: 'invalid', reason: 'No name' }
          const id = byKey.size + 1
          byKey.set(row.importKey, id)
          return { importKey: row.importKey, status: 'created', id }
        })
      },
      repeat: (row: Row, first: Result): Result =>
        first.status === 'invalid'
          ? { ...first }
          : { importKey: row.importKey, status: 'existing', id: first.id },
    },
  }
}

describe('an import-key batch', () => {
  it('makes the first row of each new key once, answers repeats from it, and refusals stay refusals', async () => {
    const table = keyedTable()
    const rows = [
      { importKey: 'j:1', name: 'Ada' },
      { importKey: 'j:2', name: '' },
      { importKey: 'j:1', name: 'Ada again' },
      { importKey: 'j:3', name: 'Grace' },
      { importKey: 'j:2', name: 'Bea' },
    ]
    expect(await importKeyBatch(rows, table.steps)).toEqual([
      { importKey: 'j:1', status: 'created', id: 1 },
      { importKey: 'j:2', status: 'invalid', reason: 'No name' },
      { importKey: 'j:1', status: 'existing', id: 1 },
      { importKey: 'j:3', status: 'created', id: 2 },
      { importKey: 'j:2', status: 'invalid', reason: 'No name' },
    ])
    expect(table.sends).toEqual([['0:j:1', '1:j:2', '3:j:3']])
  })

  it('sent again, answers what the first send made and makes only the keys it did not', async () => {
    const table = keyedTable()
    await importKeyBatch([{ importKey: 'j:1', name: 'Ada' }], table.steps)
    const again = await importKeyBatch(
      [
        { importKey: 'j:1', name: 'Ada' },
        { importKey: 'j:4', name: 'Dora' },
        { importKey: 'j:1', name: 'Ada' },
      ],
      table.steps,
    )
    expect(again).toEqual([
      { importKey: 'j:1', status: 'existing', id: 1 },
      { importKey: 'j:4', status: 'created', id: 2 },
      { importKey: 'j:1', status: 'existing', id: 1 },
    ])
    expect(table.sends).toEqual([['0:j:1'], ['1:j:4']])
    // Nothing new: nothing is settled at all.
    await importKeyBatch([{ importKey: 'j:4', name: 'Dora' }], table.steps)
    expect(table.sends).toHaveLength(2)
  })

  it('refuses a settle step that answers fewer rows than it was given', async () => {
    const table = keyedTable()
    await expect(
      importKeyBatch([{ importKey: 'j:1', name: 'Ada' }], { ...table.steps, settle: async () => [] }),
    ).rejects.toThrow('an import batch settled 0 of its 1 new keys')
  })
})

describe('the creations of a batch made at once', () => {
  it('are made now, made by a concurrent send of the same key, or refused by another unique index', async () => {
    const taken = new DuplicateKeyError('users', 'email')
    const items = ['j:1', 'j:2', 'j:3']
    const outcomes: Array<PromiseSettledResult<number>> = [
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new DuplicateKeyError('users', 'importKey') },
      { status: 'rejected', reason: taken },
    ]
    const madeByKey = new Map([['j:2', 20]])
    const looked: string[] = []
    const creations = await creationsOf(items, outcomes, async (key) => {
      looked.push(key)
      return madeByKey.get(key)
    })
    expect(creations).toEqual([
      { status: 'created', made: 10 },
      { status: 'existing', made: 20 },
      { status: 'taken', error: taken },
    ])
    expect(looked.sort()).toEqual(['j:2', 'j:3'])
  })

  it('throw any failure other than a duplicate key', async () => {
    const broken = new Error('the disk is full')
    await expect(creationsOf(['j:1'], [{ status: 'rejected', reason: broken }], async () => 1)).rejects.toBe(
      broken,
    )
  })
})
