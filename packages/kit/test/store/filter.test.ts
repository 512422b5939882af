import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toNedbQuery, validateFilter } from '../../src/store/filter.ts'
import { StoreQueryError } from '../../src/store/port.ts'

const schema = z.object({ email: z.string(), age: z.number().optional(), tags: z.array(z.string()) })

describe('filter translation to NeDB', () => {
  it('keeps plain equalities, $in and ranges at the top level, where NeDB can use an index', () => {
    expect(toNedbQuery({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' })
    // A document's id is its NeDB _id (decision 016), answered by NeDB's own index.
    expect(toNedbQuery({ id: 7, age: { $in: [1, 2] } })).toEqual({ _id: 7, age: { $in: [1, 2] } })
    expect(toNedbQuery({ age: { $gte: 3 } })).toEqual({ age: { $gte: 3 } })
  })

  it('moves rewritten conditions under one $and beside the indexable ones', () => {
    expect(toNedbQuery({ email: 'a', tags: { $ne: 'x' } })).toEqual({
      email: 'a',
      $and: [{ $not: { tags: 'x' } }],
    })
    expect(toNedbQuery({ age: { $gt: 1, $lt: 5 } })).toEqual({ age: { $gt: 1 }, $and: [{ age: { $lt: 5 } }] })
  })
})

describe('filter validation', () => {
  it('names what it refuses', () => {
    expect(() => validateFilter({ email: { $regex: 'a' } }, schema)).toThrow(
      new StoreQueryError('Operator "$regex" is not allowed'),
    )
    expect(() => validateFilter({ password: 'x' }, schema)).toThrow('Unknown field "password"')
  })

  it('refuses filters nested deeper than any real query', () => {
    let filter: Record<string, unknown> = { email: 'a' }
    for (let depth = 0; depth < 20; depth += 1) filter = { $or: [filter] }
    expect(() => validateFilter(filter, schema)).toThrow('nested too deeply')
  })
})
