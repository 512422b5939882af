import { beforeEach, describe, expect, it } from 'vitest'
import { StoreQueryError, type Filter } from '../../src/store/port.ts'
import { insertAll, namesOf, person, type People } from './fixtures.ts'

/** Filters: every documented operator with MongoDB's semantics, and the refusal of everything else. */
export function queryContract(getPeople: () => People): void {
  describe('queries', () => {
    let people: People
    const names = async (filter: Filter) => namesOf(await people.find(filter))

    beforeEach(async () => {
      people = getPeople()
      await insertAll(people, [
        person({
          name: 'Ada',
          age: 36,
          tags: ['math', 'poetry'],
          scores: [1, 10],
          joinedAt: new Date('2020-01-01'),
        }),
        person({
          name: 'Bob',
          age: null,
          tags: ['math'],
          scores: [4],
          address: { city: 'Paris', zip: '75001' },
        }),
        person({ name: 'Cy', tags: [], joinedAt: null, address: { city: 'Oslo' }, active: false }),
        person({ name: 'Dee', age: 20, tags: ['art'], scores: [6], joinedAt: new Date('2023-06-15') }),
      ])
    })

    it('matches equality, $eq and $ne on scalars', async () => {
      expect(await names({ age: 36 })).toEqual(['Ada'])
      expect(await names({ age: { $eq: 20 } })).toEqual(['Dee'])
      expect(await names({ active: false })).toEqual(['Cy'])
      expect(await names({ age: { $ne: 36 } })).toEqual(['Bob', 'Cy', 'Dee'])
      expect(await names({ name: 'ada' })).toEqual([])
    })

    it('compares numbers, strings and dates with $gt, $gte, $lt and $lte, never matching null or missing', async () => {
      expect(await names({ age: { $gt: 20 } })).toEqual(['Ada'])
      expect(await names({ age: { $gte: 20 } })).toEqual(['Ada', 'Dee'])
      expect(await names({ age: { $lt: 36 } })).toEqual(['Dee'])
      expect(await names({ age: { $lte: 36, $gt: 0 } })).toEqual(['Ada', 'Dee'])
      expect(await names({ name: { $gte: 'B', $lt: 'D' } })).toEqual(['Bob', 'Cy'])
      expect(await names({ joinedAt: { $lt: new Date('2022-01-01') } })).toEqual(['Ada'])
      expect(await names({ joinedAt: { $gte: new Date('2020-01-01') } })).toEqual(['Ada', 'Dee'])
      expect(await names({ age: { $gt: '1' } })).toEqual([])
    })

    it('matches $in and $nin', async () => {
      expect(await names({ age: { $in: [20, 36] } })).toEqual(['Ada', 'Dee'])
      expect(await names({ age: { $in: [] } })).toEqual([])
      expect(await names({ age: { $nin: [20, 36] } })).toEqual(['Bob', 'Cy'])
      expect(await names({ 'address.city': { $in: ['Oslo', 'Rome'] } })).toEqual(['Cy'])
    })

    it('treats null as null or missing, as MongoDB does', async () => {
      expect(await names({ age: null })).toEqual(['Bob', 'Cy'])
      expect(await names({ age: { $eq: null } })).toEqual(['Bob', 'Cy'])
      expect(await names({ age: { $ne: null } })).toEqual(['Ada', 'Dee'])
      expect(await names({ age: { $in: [null, 20] } })).toEqual(['Bob', 'Cy', 'Dee'])
      expect(await names({ age: { $nin: [null] } })).toEqual(['Ada', 'Dee'])
      expect(await names({ joinedAt: null })).toEqual(['Bob', 'Cy'])
      expect(await names({ 'address.zip': null })).toEqual(['Ada', 'Cy', 'Dee'])
      expect(await names({ email: null })).toEqual(['Ada', 'Bob', 'Cy', 'Dee'])
    })

    it('tells present (even null) from missing with $exists', async () => {
      expect(await names({ age: { $exists: true } })).toEqual(['Ada', 'Bob', 'Dee'])
      expect(await names({ age: { $exists: false } })).toEqual(['Cy'])
      expect(await names({ joinedAt: { $exists: true } })).toEqual(['Ada', 'Cy', 'Dee'])
      expect(await names({ 'address.zip': { $exists: true } })).toEqual(['Bob'])
    })

    it('gives arrays MongoDB semantics: contains, and $ne/$nin mean no element matches', async () => {
      expect(await names({ tags: 'math' })).toEqual(['Ada', 'Bob'])
      expect(await names({ tags: { $eq: 'poetry' } })).toEqual(['Ada'])
      expect(await names({ tags: { $ne: 'math' } })).toEqual(['Cy', 'Dee'])
      expect(await names({ tags: { $nin: ['math', 'art'] } })).toEqual(['Cy'])
      expect(await names({ tags: { $in: ['poetry', 'art'] } })).toEqual(['Ada', 'Dee'])
      expect(await names({ tags: null })).toEqual([])
      expect(await names({ tags: { $ne: null } })).toEqual(['Ada', 'Bob', 'Cy', 'Dee'])
      // Different elements may satisfy different bounds.
      expect(await names({ scores: { $gt: 5, $lt: 3 } })).toEqual(['Ada'])
      expect(await names({ scores: { $gt: 5 } })).toEqual(['Ada', 'Dee'])
    })

    it('combines conditions with $and, $or and several fields', async () => {
      expect(await names({ $or: [{ age: 36 }, { 'address.city': 'Oslo' }] })).toEqual(['Ada', 'Cy'])
      expect(await names({ $and: [{ tags: 'math' }, { age: { $ne: null } }] })).toEqual(['Ada'])
      expect(await names({ tags: 'math', $or: [{ age: null }, { age: { $gt: 100 } }] })).toEqual(['Bob'])
      expect(
        await names({ $or: [{ $and: [{ active: false }, { tags: { $ne: 'art' } }] }, { name: 'Dee' }] }),
      ).toEqual(['Cy', 'Dee'])
      expect(await people.count({ $or: [{ age: { $gte: 20 } }, { age: { $exists: false } }] })).toBe(3)
    })

    it('filters on a dotted path under a declared field', async () => {
      expect(await names({ 'address.city': 'Paris' })).toEqual(['Bob'])
      expect(await names({ 'address.city': { $ne: 'Paris' } })).toEqual(['Ada', 'Cy', 'Dee'])
    })

    const forbidden: Array<[string, unknown]> = [
      ['$regex', { name: { $regex: '^A' } }],
      ['a RegExp value', { name: /^A/ }],
      ['$where', { $where: 'this.age > 1' }],
      ['$where on a field', { name: { $where: 'true' } }],
      ['$nor', { $nor: [{ name: 'Ada' }] }],
      ['$not', { $not: { name: 'Ada' } }],
      ['$not on a field', { age: { $not: { $gt: 1 } } }],
      ['$elemMatch', { scores: { $elemMatch: { $gt: 1 } } }],
      ['$size', { tags: { $size: 1 } }],
      ['$expr', { $expr: { $eq: ['$name', 'Ada'] } }],
      ['$text', { $text: { $search: 'Ada' } }],
      ['an unknown operator', { age: { $foo: 1 } }],
      ['an object as an equality value', { address: { city: 'Paris' } }],
      ['an operator object smuggled as an $eq value', { name: { $eq: { $ne: null } } }],
      ['an operator object smuggled inside $in', { name: { $in: [{ $ne: null }] } }],
      ['an operator object smuggled as a $ne value', { name: { $ne: { $gt: '' } } }],
      ['operators mixed with plain keys', { name: { $ne: null, first: 'x' } }],
      ['an empty object', { name: {} }],
      ['an array as an equality value', { tags: ['math'] }],
      ['a non-array $in', { age: { $in: 20 } }],
      ['a non-boolean $exists', { age: { $exists: 1 } }],
      ['a boolean range bound', { active: { $gt: false } }],
      ['a null range bound', { age: { $gte: null } }],
      ['NaN', { age: Number.NaN }],
      ['an invalid date', { joinedAt: new Date('nope') }],
      ['undefined', { name: undefined }],
      ['a function', { name: () => 'Ada' }],
      ['an unknown field', { unknown: 1 }],
      ['an unknown field inside $or', { $or: [{ name: 'Ada' }, { unknown: 1 }] }],
      ['the internal _id', { _id: 'x' }],
      ['a path under id', { 'id.x': 1 }],
      ['an empty path segment', { 'address..city': 'Paris' }],
      ['a $ path segment', { 'tags.$': 'math' }],
      ['__proto__', JSON.parse('{"__proto__": {"name": "Ada"}}')],
      ['an empty $and', { $and: [] }],
      ['a non-array $or', { $or: { name: 'Ada' } }],
      ['a non-object filter', 'name'],
      ['an array filter', [{ name: 'Ada' }]],
    ]
    it.each(forbidden)('refuses %s in every kind of call, changing nothing', async (_label, filter) => {
      const bad = filter as Filter
      await expect(people.find(bad)).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.findOne(bad)).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.count(bad)).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.updateOne(bad, { $set: { active: false } })).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.updateMany(bad, { $set: { active: false } })).rejects.toBeInstanceOf(
        StoreQueryError,
      )
      await expect(people.deleteOne(bad)).rejects.toBeInstanceOf(StoreQueryError)
      await expect(people.deleteMany(bad)).rejects.toBeInstanceOf(StoreQueryError)
      expect(await people.count({})).toBe(4)
      expect(await people.count({ active: false })).toBe(1)
    })
  })
}
