import nedb from '@seald-io/nedb'
import type { z } from 'zod'
import { effectiveSort, toNedbQuery, validateFilter, validateFindOptions } from './filter.ts'
import { DuplicateKeyError, type Collection, type Filter, type FindOptions, type Update } from './port.ts'
import { validateDocument, validateUpdate } from './update.ts'

export type Stored = Record<string, unknown> & { _id?: string | number }

// The package's typings declare an ES default export, but under Node's ESM the default import is the class.
export const Datastore = nedb as unknown as typeof nedb.default
export type Datastore<T> = InstanceType<typeof nedb.default<T>>

/** A find that answers at least this many documents releases them from NeDB's queue (releaseLatestAnswer). */
const RELEASE_AFTER_DOCUMENTS = 1_000
const NO_DOCUMENT = { _id: { $in: [] } }

/**
 * NeDB's queue keeps the answer of a datastore's latest operation reachable until the next operation starts
 * (its waterfall resolves to it). After a find of every document, as the profile catalog's load makes, a copy of
 * the whole collection would then stay in the heap beside the store's own until the next write
 * (docs/decisions/052-profiles-held-in-columns.md). A count of no document takes its place.
 */
function releaseLatestAnswer(datastore: Datastore<Stored>): void {
  void datastore.countAsync(NO_DOCUMENT).catch(() => undefined)
}

export function isUniqueViolation(error: unknown): error is Error & { key: unknown } {
  return error instanceof Error && (error as { errorType?: string }).errorType === 'uniqueViolated'
}

export function withoutInternalId<T>(document: Stored | null | undefined): T | null {
  if (document == null) return null
  const { _id: _internal, ...rest } = document
  return rest as T
}

export interface NedbCollectionParts {
  name: string
  datastore: Datastore<Stored>
  schema: z.ZodObject
  uniqueFields: string[]
  newId: () => number | string
  assertOpen: () => void
  /** Counts the lines a write superseded; resolves once the collection's writes so far are on disk. */
  wrote: (supersededLines: number) => Promise<void>
}

export function nedbCollection(parts: NedbCollectionParts): Collection<Record<string, unknown>> {
  const { name, datastore, schema, uniqueFields, newId, assertOpen, wrote } = parts
  type Document = Record<string, unknown> & { id: number | string }
  const query = (filter: Filter) => {
    assertOpen()
    return toNedbQuery(validateFilter(filter, schema))
  }

  /** NeDB does not say which index refused a key, so find the unique field that holds the refused key. */
  const duplicateField = async (error: Error & { key: unknown }, candidates: string[]): Promise<string> => {
    for (const field of candidates) {
      const key = error.key instanceof Date ? error.key.getTime() : error.key
      const existing = (await datastore.findAsync({ [field]: error.key }).limit(2)) as unknown as Stored[]
      const values = existing.flatMap((document) => document[field]) // an array's elements are its keys
      if (values.some((value) => (value instanceof Date ? value.getTime() : value) === key)) return field
    }
    return candidates[0] ?? 'id'
  }

  const translateUniqueViolation = async (error: unknown, candidates: string[]): Promise<never> => {
    if (isUniqueViolation(error)) throw new DuplicateKeyError(name, await duplicateField(error, candidates))
    throw error
  }

  const touchedUniqueFields = (update: Update): string[] => {
    const paths = Object.values(update).flatMap((fields) => Object.keys(fields as object))
    return uniqueFields.filter((field) =>
      paths.some((path) => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`)),
    )
  }

  /**
   * NeDB runs a datastore's operations one at a time, and each insert appends to the datafile (open, write,
   * close) before the next starts: under load inserts would queue behind one another's file calls. Inserts that
   * arrive while one runs go together as one batch, one append. A refused key rolls a batch back whole, so its
   * inserts are then tried one by one, and only the refused one fails.
   */
  let waiting: Array<{ document: Stored; settle: (outcome: Promise<Stored>) => void }> = []
  let inserting = false
  const insertWaiting = async (): Promise<void> => {
    inserting = true
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      if (batch.length > 1) {
        const inserted = await datastore.insertAsync(batch.map((item) => item.document)).catch(() => null)
        if (inserted) {
          for (const [index, item] of batch.entries()) item.settle(Promise.resolve(inserted[index]!))
          continue
        }
      }
      for (const item of batch) {
        const outcome = datastore.insertAsync(item.document)
        item.settle(outcome)
        await outcome.catch(() => undefined)
      }
    }
    inserting = false
  }
  const insertGrouped = (document: Stored): Promise<Stored> =>
    new Promise<Stored>((resolve, reject) => {
      waiting.push({ document, settle: (outcome) => outcome.then(resolve, reject) })
      if (!inserting) void insertWaiting()
    })

  return {
    async insert(document) {
      assertOpen()
      const validated = validateDocument(document, schema)
      const id = newId()
      const stored = { _id: id, id, ...validated }
      let inserted: Stored
      try {
        inserted = await insertGrouped(stored)
      } catch (error) {
        return translateUniqueViolation(error, uniqueFields)
      }
      await wrote(0)
      return withoutInternalId<Document>(inserted) as Document
    },
    async findOne(filter) {
      return withoutInternalId<Document>(await datastore.findOneAsync(query(filter)))
    },
    async find(filter, options?: FindOptions) {
      const { sort, limit, skip } = validateFindOptions(options, schema)
      let cursor = datastore.findAsync(query(filter)).sort(effectiveSort(sort))
      if (skip) cursor = cursor.skip(skip)
      if (limit) cursor = cursor.limit(limit)
      const documents = (await cursor) as unknown as Stored[]
      if (documents.length >= RELEASE_AFTER_DOCUMENTS) releaseLatestAnswer(datastore)
      return documents.map((document) => withoutInternalId<Document>(document) as Document)
    },
    async count(filter) {
      return await datastore.countAsync(query(filter))
    },
    async updateOne(filter, update) {
      const nedbQuery = query(filter)
      const validated = validateUpdate(update, schema)
      try {
        const { affectedDocuments } = await datastore.updateAsync(nedbQuery, validated, {
          returnUpdatedDocs: true,
        })
        if (affectedDocuments) await wrote(1)
        return withoutInternalId<Document>(affectedDocuments as Stored | null)
      } catch (error) {
        return translateUniqueViolation(error, touchedUniqueFields(validated))
      }
    },
    async updateMany(filter, update) {
      const nedbQuery = query(filter)
      const validated = validateUpdate(update, schema)
      try {
        const { numAffected } = await datastore.updateAsync(nedbQuery, validated, { multi: true })
        if (numAffected > 0) await wrote(numAffected)
        return numAffected
      } catch (error) {
        return translateUniqueViolation(error, touchedUniqueFields(validated))
      }
    },
    async deleteOne(filter) {
      const removed = await datastore.removeAsync(query(filter), { multi: false })
      if (removed > 0) await wrote(removed * 2)
      return removed > 0
    },
    async deleteMany(filter) {
      const removed = await datastore.removeAsync(query(filter), { multi: true })
      if (removed > 0) await wrote(removed * 2)
      return removed
    },
  }
}
