import { describe, expect, it } from 'vitest'
import { EntryTable } from '../../src/kv/entry-table.ts'

describe('the embedded store’s entry table', () => {
  it('keeps each key’s value and expiry, with no expiry as null, and forgets deleted keys', () => {
    const table = new EntryTable()
    table.set('session:a', 'alive', 1_764_000_000_123)
    table.set('counter', '1', null)
    expect(table.get('session:a')).toEqual({ value: 'alive', expiresAt: 1_764_000_000_123 })
    expect(table.get('counter')).toEqual({ value: '1', expiresAt: null })
    table.set('counter', '2', 5)
    expect(table.get('counter')).toEqual({ value: '2', expiresAt: 5 })
    expect(table.delete('counter')).toBe(true)
    expect(table.delete('counter')).toBe(false)
    expect(table.get('counter')).toBeNull()
    expect(table.size).toBe(1)
  })

  it('gives a deleted key’s slot to a new key without mixing their values or expiries', () => {
    const table = new EntryTable()
    for (let index = 0; index < 3_000; index += 1) table.set(`key:${index}`, `value ${index}`, index)
    for (let index = 0; index < 3_000; index += 2) table.delete(`key:${index}`)
    for (let index = 0; index < 1_500; index += 1) table.set(`new:${index}`, `new ${index}`, null)
    expect(table.size).toBe(3_000)
    for (let index = 1; index < 3_000; index += 2)
      expect(table.get(`key:${index}`)).toEqual({ value: `value ${index}`, expiresAt: index })
    for (let index = 0; index < 1_500; index += 1)
      expect(table.get(`new:${index}`)).toEqual({ value: `new ${index}`, expiresAt: null })
    expect(table.get('key:0')).toBeNull()
  })

  it('sweeps what expired by a time, keeping what expires later or never', () => {
    const table = new EntryTable()
    table.set('gone', 'a', 100)
    table.set('at the limit', 'b', 200)
    table.set('later', 'c', 201)
    table.set('never', 'd', null)
    table.sweep(200)
    expect([...table.entries()]).toEqual([
      ['later', { value: 'c', expiresAt: 201 }],
      ['never', { value: 'd', expiresAt: null }],
    ])
  })

  it('reaches during an iteration a key set meanwhile with its new value, and not one deleted before', () => {
    const table = new EntryTable()
    for (const key of ['a', 'b', 'c']) table.set(key, `${key}0`, null)
    const seen: Array<[string, string]> = []
    for (const [key, entry] of table.entries()) {
      seen.push([key, entry.value])
      if (key === 'a') {
        table.set('b', 'b1', null)
        table.delete('c')
        table.set('d', 'd0', null)
      }
    }
    expect(seen).toEqual([
      ['a', 'a0'],
      ['b', 'b1'],
      ['d', 'd0'],
    ])
    table.clear()
    expect(table.size).toBe(0)
    expect([...table.entries()]).toEqual([])
  })
})
