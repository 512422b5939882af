import { randomUUID } from 'node:crypto'
import mongoose, { type Connection, type Model } from 'mongoose'
import type { z } from 'zod'
import { effectiveSort, isPlainObject, validateFilter, validateFindOptions } from './filter.ts'
import {
  DuplicateKeyError,
  type Collection,
  type CollectionOptions,
  type DocumentStore,
  type Filter,
  type IndexSpec,
} from './port.ts'
import { assertCollectionName, assertSchema, validateDocument, validateUpdate } from './update.ts'

export interface MongoStoreOptions {
  url: string
  /** Defaults to the database named in the URL. */
  database?: string
}

type Stored = Record<string, unknown>

export async function createMongoStore(options: MongoStoreOptions): Promise<DocumentStore> {
  const connection = mongoose.createConnection(options.url, {
    serverSelectionTimeoutMS: 3000,
    ...(options.database ? { dbName: options.database } : {}),
  })
  // Operator objects reach MongoDB only when filter.ts validated them and trusted() marked them.
  connection.set('sanitizeFilter', true)
  await connection.asPromise()
  const counters = connection.collection<{ _id: string; seq: number }>('counters')
  const models = new Map<string, Promise<Model<Stored>>>()

  const nextId = async (collection: string, retried = false): Promise<number> => {
    try {
      const counter = await counters.findOneAndUpdate(
        { _id: collection },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      )
      if (!counter) throw new Error(`The id counter of ${collection} did not answer`)
      return counter.seq
    } catch (error) {
      // Two first upserts can race on the counter's _id; the loser's retry finds the document.
      if (!retried && duplicateKeyField(error) !== null) return nextId(collection, true)
      throw error
    }
  }

  return {
    kind: 'mongodb',
    async collection<S extends z.ZodObject, K extends 'int' | 'uuid'>(
      name: string,
      collectionOptions: CollectionOptions<S> & { idKind: K },
    ): Promise<Collection<z.output<S>, K, z.input<S>>> {
      assertCollectionName(name)
      const { schema, idKind, indexes = [] } = collectionOptions
      assertSchema(name, schema)
      for (const index of indexes) validateFilter({ [index.field]: { $exists: true } }, schema)
      let loading = models.get(name)
      if (!loading) {
        loading = defineModel(connection, name, Object.keys(schema.shape), indexes)
        models.set(name, loading)
      }
      const model = await loading
      const newId = async () => (idKind === 'int' ? await nextId(name) : randomUUID())
      return mongoCollection(name, model, schema, newId) as Collection<z.output<S>, K, z.input<S>>
    },
    // MongoDB keeps no superseded copies to drop: a deleted document's space is its own to reuse.
    async compact() {},
    async ping() {
      if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false
      try {
        await connection.db.admin().ping()
        return true
      } catch {
        return false
      }
    },
    async close() {
      await connection.close()
    },
  }
}

/**
 * The mongoose schema of a collection: Mixed paths, because the zod schema owns the shape; mongoose only
 * knows the names, so that strictQuery refuses any other. Exported for the casting tests that need no server.
 */
export function modelSchema(fields: string[], indexes: IndexSpec[]): mongoose.Schema {
  const definition: Record<string, unknown> = { id: { $type: mongoose.Schema.Types.Mixed } }
  for (const field of fields) definition[field] = { $type: mongoose.Schema.Types.Mixed }
  const schema = new mongoose.Schema(definition, {
    // A declared field may be called `type`, so the type key is one no field can have.
    typeKey: '$type',
    strict: 'throw',
    strictQuery: 'throw',
    id: false,
    versionKey: false,
    minimize: false,
    autoIndex: false,
    autoCreate: false,
    // Documents are never hydrated (every read is lean), so field names such as `errors` are harmless.
    suppressReservedKeysWarning: true,
  })
  schema.index({ id: 1 }, { unique: true })
  for (const { field, unique = false, sparse = false } of indexes) {
    schema.index(
      { [field]: 1 },
      { unique, ...(sparse ? { partialFilterExpression: { [field]: { $exists: true } } } : {}) },
    )
  }
  return schema
}

async function defineModel(
  connection: Connection,
  name: string,
  fields: string[],
  indexes: IndexSpec[],
): Promise<Model<Stored>> {
  const model = connection.model<Stored>(name, modelSchema(fields, indexes), name)
  try {
    await model.createIndexes()
  } catch (error) {
    const field = duplicateKeyField(error)
    if (field !== null) throw new DuplicateKeyError(name, field)
    throw error
  }
  return model
}

/** The field a MongoDB E11000 error names, or null for any other error. */
function duplicateKeyField(error: unknown): string | null {
  const { code, keyPattern, message } = (error ?? {}) as {
    code?: unknown
    keyPattern?: unknown
    message?: unknown
  }
  if (code !== 11000) return null
  if (isPlainObject(keyPattern)) return Object.keys(keyPattern)[0] ?? 'id'
  const indexName = typeof message === 'string' ? /index: (\S+)_1 /.exec(message)?.[1] : undefined
  return indexName ?? 'id'
}

/** A validated filter, copied, with each operator object marked trusted so that sanitizeFilter keeps it. */
export function trustFilter(filter: Filter): Filter {
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') copy[key] = (value as Filter[]).map(trustFilter)
    else copy[key] = isPlainObject(value) ? mongoose.trusted(structuredClone(value)) : value
  }
  return copy as Filter
}

function withoutInternalId<T>(document: Stored | null | undefined): T | null {
  if (document == null) return null
  const { _id: _internal, ...rest } = document
  return rest as T
}

function mongoCollection(
  name: string,
  model: Model<Stored>,
  schema: z.ZodObject,
  newId: () => Promise<number | string>,
): Collection<Record<string, unknown>> {
  type Document = Record<string, unknown> & { id: number | string }
  const query = (filter: Filter) => trustFilter(validateFilter(filter, schema))
  const duplicateKeyAsError = (error: unknown): never => {
    const field = duplicateKeyField(error)
    throw field === null ? error : new DuplicateKeyError(name, field)
  }

  return {
    async insert(document) {
      const validated = validateDocument(document, schema)
      const stored: Document = { id: await newId(), ...validated }
      // The driver adds _id to what it inserts, so it gets a copy and the caller gets `stored`.
      await model.collection.insertOne({ ...stored }).catch(duplicateKeyAsError)
      return stored
    },
    async findOne(filter) {
      return withoutInternalId<Document>(await model.findOne(query(filter)).lean<Stored>())
    },
    async find(filter, options) {
      const { sort, limit, skip } = validateFindOptions(options, schema)
      let cursor = model.find(query(filter)).sort(effectiveSort(sort))
      if (skip) cursor = cursor.skip(skip)
      if (limit) cursor = cursor.limit(limit)
      const documents = await cursor.lean<Stored[]>()
      return documents.map((document) => withoutInternalId<Document>(document) as Document)
    },
    async count(filter) {
      return await model.countDocuments(query(filter))
    },
    async updateOne(filter, update) {
      const mongoFilter = query(filter)
      const validated = validateUpdate(update, schema)
      const updated = await model
        .findOneAndUpdate(mongoFilter, validated, { returnDocument: 'after' })
        .lean<Stored>()
        .catch(duplicateKeyAsError)
      return withoutInternalId<Document>(updated)
    },
    async updateMany(filter, update) {
      const mongoFilter = query(filter)
      const validated = validateUpdate(update, schema)
      const result = await model.updateMany(mongoFilter, validated).catch(duplicateKeyAsError)
      return result.matchedCount
    },
    async deleteOne(filter) {
      return (await model.deleteOne(query(filter))).deletedCount > 0
    },
    async deleteMany(filter) {
      return (await model.deleteMany(query(filter))).deletedCount
    },
  }
}
