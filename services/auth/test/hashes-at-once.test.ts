import { describe, expect, it } from 'vitest'
import { hashesAtOnce } from '../src/passwords.ts'

describe('hashes sent to the libuv pool at once', () => {
  it('keeps one more than the cores busy and one pool thread free for the file system', () => {
    expect(hashesAtOnce({ pool: 4, cores: 2 })).toBe(3)
    expect(hashesAtOnce({ pool: 4, cores: 3 })).toBe(3)
    expect(hashesAtOnce({ pool: 16, cores: 8 })).toBe(9)
  })

  it('uses the whole pool when it has no thread beyond the cores', () => {
    expect(hashesAtOnce({ pool: 4, cores: 4 })).toBe(4)
    expect(hashesAtOnce({ pool: 2, cores: 8 })).toBe(2)
    expect(hashesAtOnce({ pool: 1, cores: 1 })).toBe(1)
  })
})
