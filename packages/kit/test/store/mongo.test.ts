import { randomUUID } from 'node:crypto'
import type { StartedMongoDBContainer } from '@testcontainers/mongodb'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateFilter } from '../../src/store/filter.ts'
import { dockerUnavailableReason } from '../../src/testing/containers.ts'
import { createMongoStore, modelSchema, trustFilter } from '../../src/store/mongo.ts'
import type { Filter } from '../../src/store/port.ts'
import { storeContract } from './contract.ts'
import { PersonSchema } from './fixtures.ts'

const unavailable = await dockerUnavailableReason()
if (unavailable)
  console.warn(`Skipping the MongoDB store contract: no Docker engine is reachable (${unavailable})`)

describe.skipIf(unavailable !== null)('mongodb document store', () => {
  let container: StartedMongoDBContainer
  let url: string

  beforeAll(async () => {
    const { MongoDBContainer } = await import('@testcontainers/mongodb')
    container = await new MongoDBContainer('mongo:8.0').start()
    url = `${container.getConnectionString()}?directConnection=true`
  }, 180_000)
  afterAll(async () => {
    await container?.stop()
  })

  storeContract('mongodb', async () => {
    // A fresh database per case keeps the cases apart on one server.
    const database = `contract_${randomUUID().replaceAll('-', '')}`
    const store = await createMongoStore({ url, database })
    return {
      store,
      reopen: async () => {
        await store.close()
        return createMongoStore({ url, database })
      },
    }
  })
})

// These run without a server: they check that mongoose's own filter defences keep exactly what filter.ts allowed.
describe('mongodb filters under mongoose sanitizeFilter and strictQuery', () => {
  const connection = mongoose.createConnection()
  connection.set('sanitizeFilter', true)
  const people = connection.model('people', modelSchema(Object.keys(PersonSchema.shape), []), 'people')
  const cast = (filter: Filter) => people.find(filter).cast() as Record<string, unknown>

  afterAll(async () => {
    await connection.close()
  })

  it('keeps the operators of a validated filter, at every level', () => {
    const filter = trustFilter(
      validateFilter(
        {
          age: { $gte: 18 },
          'address.city': { $ne: null },
          $or: [{ tags: { $nin: ['x'] } }, { name: 'Ada' }],
        },
        PersonSchema,
      ),
    )
    expect(JSON.parse(JSON.stringify(mongoose.sanitizeFilter(filter)))).toEqual({
      age: { $gte: 18 },
      'address.city': { $ne: null },
      $or: [{ tags: { $nin: ['x'] } }, { name: 'Ada' }],
    })
    expect(() => cast(filter)).not.toThrow()
  })

  it('turns an operator object that did not come through filter.ts into a literal $eq', () => {
    const untrusted = mongoose.sanitizeFilter({ name: { $ne: null } } as Filter)
    expect(untrusted).toEqual({ name: { $eq: { $ne: null } } })
  })

  it('copies the filter instead of marking the caller object', () => {
    const condition = { $gt: 1 }
    const trusted = trustFilter({ age: condition })
    expect(trusted.age).not.toBe(condition)
    expect(mongoose.sanitizeFilter({ age: condition } as Filter)).toEqual({ age: { $eq: { $gt: 1 } } })
  })

  it('throws on a field the collection does not declare, and accepts id and paths under declared fields', () => {
    expect(() => cast({ password: 'x' })).toThrow(/strictQuery/)
    expect(() => cast({ id: 3, 'address.zip': '75001', joinedAt: new Date(0) })).not.toThrow()
  })
})
