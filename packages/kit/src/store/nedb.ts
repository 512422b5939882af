import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import nedb from '@seald-io/nedb'
import type { z } from 'zod'
import { assertDatafilesIntact, createFileSyncer } from './datafiles.ts'
import { effectiveSort, toNedbQuery, validateFilter, validateFindOptions } from './filter.ts'
import {
  DuplicateKeyError,
  type Collection,
  type CollectionOptions,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type Update,
} from './port.ts'
import { assertCollectionName, assertSchema, validateDocument, validateUpdate } from './update.ts'

export interface NedbStoreOptions {
  /** Folder of the datafiles (`<collection>.db`, `counters.db`); null keeps everything in memory. */
  directory: string | null
  /** How often the datafiles are looked at for compaction; default 1 minute. */
  compactionIntervalMs?: number
  /**
   * A datafile is rewritten once its superseded lines (updates' and removals' old versions) reach this many
   * and at least as many as its live documents; default 1,000. An insert-only file is never rewritten.
   */
  compactAfterSuperseded?: number
  /** Whether a write waits for its fsync (default true); false only to measure the cost (bench/store.ts). */
  syncWrites?: boolean
}

type Stored = Record<string, unknown> & { _id?: string | number }

// The package's typings declare an ES default export, but under Node's ESM the default import is the class.
const Datastore = nedb as unknown as typeof nedb.default
type Datastore<T> = InstanceType<typeof nedb.default<T>>

/**
 * NeDB appends every write to its datafile; compaction drops superseded lines so files stay near their live
 * size. It serializes the whole collection in one synchronous pass, holding every request for a time that grows
 * with the collection, so it runs only when a file is mostly superseded lines: its cost is then at most one
 * document's serialization per superseded line, and an insert-only collection (assessments) never pays it.
 */
const DEFAULT_COMPACTION_INTERVAL_MS = 60 * 1000
const DEFAULT_COMPACT_AFTER_SUPERSEDED = 1_000

export async function createNedbStore(options: NedbStoreOptions): Promise<DocumentStore> {
  const { directory } = options
  if (directory !== null) {
    await mkdir(directory, { recursive: true })
    // Before NeDB loads anything: it would drop damaged lines silently (datafiles.ts).
    await assertDatafilesIntact(directory)
  }
  const datastores = new Map<string, Promise<Datastore<Stored>>>()
  let closed = false

  const open = (name: string): Promise<Datastore<Stored>> => {
    const known = datastores.get(name)
    if (known) return known
    const datastore = new Datastore<Stored>(
      directory === null ? { inMemoryOnly: true } : { filename: join(directory, `${name}.db`) },
    )
    const loading = datastore.loadDatabaseAsync().then(() => datastore)
    datastores.set(name, loading)
    // A datafile that failed to load (unreadable, corrupt) is retried on the next call instead of cached.
    loading.catch(() => datastores.delete(name))
    return loading
  }

  /** Lines appended since the last compaction that no longer hold a live document, by datafile. */
  const superseded = new Map<string, number>()
  const supersede = (name: string, lines: number) => superseded.set(name, (superseded.get(name) ?? 0) + lines)
  const compactAfter = options.compactAfterSuperseded ?? DEFAULT_COMPACT_AFTER_SUPERSEDED

  const compact = async (name: string, datastore: Datastore<Stored>): Promise<void> => {
    superseded.set(name, 0)
    await datastore.compactDatafileAsync()
  }

  const compactAll = async (): Promise<void> => {
    if (directory === null) return
    for (const [name, loading] of datastores) await compact(name, await loading)
  }

  const compactWasteful = async (): Promise<void> => {
    if (directory === null) return
    for (const [name, loading] of datastores) {
      const waste = superseded.get(name) ?? 0
      if (waste < compactAfter) continue
      const datastore = await loading
      if (waste >= datastore.getAllData().length) await compact(name, datastore)
    }
  }

  const compaction = setInterval(() => {
    compactWasteful().catch(() => {
      // A failed compaction leaves the append-only file intact; the next run or close() retries it.
    })
  }, options.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS)
  compaction.unref()

  const assertOpen = (): void => {
    if (closed) throw new Error('The document store is closed')
  }

  /**
   * Id counters live in memory, one per collection, and are written to `counters.db` behind the inserts that
   * take them, the latest value only: a save waits for its own datafile, never for the counters' (decision 015).
   * A counter starts from the higher of what `counters.db` holds and the highest stored id, so neither a cut
   * nor a lost `counters.db` can hand out an id in use.
   */
  const counters = new Map<string, number>()
  const written = new Map<string, number>()
  const persisting = new Map<string, Promise<void>>()
  const persistCounter = (collection: string): void => {
    if (directory === null || persisting.has(collection)) return
    const write = (async () => {
      const datastore = await open('counters')
      // Each round writes the latest value; whatever was taken meanwhile is covered by the next round.
      while ((written.get(collection) ?? 0) < counters.get(collection)!) {
        const value = counters.get(collection)!
        await datastore.updateAsync({ _id: collection }, { $max: { seq: value } }, { upsert: true })
        written.set(collection, value)
        supersede('counters', 1)
      }
    })()
      .catch(() => {
        // The counter recovers from the highest stored id at the next start; the next id taken retries.
      })
      .finally(() => {
        persisting.delete(collection)
      })
    persisting.set(collection, write)
  }

  const nextId = (collection: string): number => {
    const id = counters.get(collection)! + 1
    counters.set(collection, id)
    persistCounter(collection)
    return id
  }

  const loadCounter = async (collection: string, datastore: Datastore<Stored>) => {
    const [highest] = (await datastore.findAsync({}).sort({ id: -1 }).limit(1)) as unknown as Stored[]
    const stored = (await (await open('counters')).findOneAsync({ _id: collection })) as {
      seq?: number
    } | null
    const start = Math.max(
      typeof highest?.id === 'number' ? highest.id : 0,
      stored?.seq ?? 0,
      counters.get(collection) ?? 0,
    )
    counters.set(collection, start)
    written.set(collection, Math.max(written.get(collection) ?? 0, stored?.seq ?? 0))
  }

  /**
   * NeDB appends with fs.appendFile and never fsyncs, so an acknowledged write could die with the page cache.
   * Writes wait for an fsync of their file (grouped: docs/decisions/011-durable-embedded-store.md). The counters are not synced: they recover
   * from the highest stored id (loadCounter).
   */
  const syncers = new Map<string, () => Promise<void>>()
  const syncerOf = (name: string): (() => Promise<void>) => {
    if (directory === null || options.syncWrites === false) return async () => undefined
    let syncer = syncers.get(name)
    if (!syncer) {
      syncer = createFileSyncer(join(directory, `${name}.db`))
      syncers.set(name, syncer)
    }
    return syncer
  }

  return {
    kind: 'nedb',
    async collection<S extends z.ZodObject, K extends 'int' | 'uuid'>(
      name: string,
      collectionOptions: CollectionOptions<S> & { idKind: K },
    ): Promise<Collection<z.output<S>, K, z.input<S>>> {
      assertOpen()
      assertCollectionName(name)
      const { schema, idKind, indexes = [] } = collectionOptions
      assertSchema(name, schema)
      for (const index of indexes) validateFilter({ [index.field]: { $exists: true } }, schema)
      const datastore = await open(name)
      await adoptIdsAsInternalIds(datastore, directory === null ? null : join(directory, `${name}.db`))
      for (const { field, unique = false, sparse = false } of indexes) {
        try {
          await datastore.ensureIndexAsync({ fieldName: field, unique, sparse })
        } catch (error) {
          // Existing documents already share a value, as when MongoDB fails to build the index.
          if (isUniqueViolation(error)) throw new DuplicateKeyError(name, field)
          throw error
        }
      }
      if (idKind === 'int') await loadCounter(name, datastore)
      const uniqueFields = indexes.filter((index) => index.unique).map((index) => index.field)
      const newId = () => (idKind === 'int' ? nextId(name) : randomUUID())
      const sync = syncerOf(name)
      const wrote = (supersededLines: number) => {
        supersede(name, supersededLines)
        return sync()
      }
      return nedbCollection({
        name,
        datastore,
        schema,
        uniqueFields,
        newId,
        assertOpen,
        wrote,
      }) as Collection<z.output<S>, K, z.input<S>>
    },
    async ping() {
      return !closed
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(compaction)
      await Promise.all(persisting.values())
      // Compaction is queued behind every pending operation, so acknowledged writes are on disk when it ends.
      await compactAll()
    },
  }
}

/**
 * A document's NeDB `_id` is its `id` (decision 016), so NeDB's own `_id` index is the only one an id needs: a
 * second index on `id` cost every document a tree node, its array and a random `_id` string, which the major
 * garbage collections of a large collection kept marking. A datafile written before holds documents under a
 * random `_id` with an index on `id`: it is written again, whole, into a synced temporary file that replaces it
 * (a crash before the rename leaves the old file, adopted at the next start), and loaded again.
 */
async function adoptIdsAsInternalIds(datastore: Datastore<Stored>, file: string | null): Promise<void> {
  const documents = datastore.getAllData()
  const legacy = documents.some((document) => document.id !== undefined && document._id !== document.id)
  if (legacy && file !== null) {
    const temporary = `${file}.adopting`
    await rm(temporary, { force: true })
    const copy = new Datastore<Stored>({ filename: temporary })
    await copy.loadDatabaseAsync()
    await copy.insertAsync(
      documents.map(({ _id: internal, ...rest }) => ({
        ...rest,
        _id: (rest.id ?? internal) as string | number,
      })),
    )
    await createFileSyncer(temporary)()
    await rename(temporary, file)
    await datastore.loadDatabaseAsync()
    return
  }
  const indexes = (datastore as unknown as { indexes: Record<string, unknown> }).indexes
  if (Object.hasOwn(indexes, 'id')) await datastore.removeIndexAsync('id')
}

function isUniqueViolation(error: unknown): error is Error & { key: unknown } {
  return error instanceof Error && (error as { errorType?: string }).errorType === 'uniqueViolated'
}

function withoutInternalId<T>(document: Stored | null | undefined): T | null {
  if (document == null) return null
  const { _id: _internal, ...rest } = document
  return rest as T
}

interface NedbCollectionParts {
  name: string
  datastore: Datastore<Stored>
  schema: z.ZodObject
  uniqueFields: string[]
  newId: () => number | string
  assertOpen: () => void
  /** Counts the lines a write superseded; resolves once the collection's writes so far are on disk. */
  wrote: (supersededLines: number) => Promise<void>
}

function nedbCollection(parts: NedbCollectionParts): Collection<Record<string, unknown>> {
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
