import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'
// @ts-expect-error NeDB declares no types for lib/model.js; the one function used is typed below.
import nedbModel from '@seald-io/nedb/lib/model.js'
import { assertDatafilesIntact, holdDatafile, type HeldDatafile } from './datafiles.ts'
import { validateFilter } from './filter.ts'
import { Datastore, isUniqueViolation, nedbCollection, type Stored } from './nedb-collection.ts'
import { countersWritten, createIdCounters, loadCounter, nextId, type IdCounters } from './nedb-counters.ts'
import { DuplicateKeyError, type Collection, type CollectionOptions, type DocumentStore } from './port.ts'
import { assertCollectionName, assertSchema } from './update.ts'

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

/**
 * NeDB appends every write to its datafile; compaction drops superseded lines so files stay near their live
 * size. It serializes the whole collection in one synchronous pass, holding every request for a time that grows
 * with the collection, so it runs only when a file is mostly superseded lines: its cost is then at most one
 * document's serialization per superseded line, and an insert-only collection (assessments) never pays it.
 */
const DEFAULT_COMPACTION_INTERVAL_MS = 60 * 1000
const DEFAULT_COMPACT_AFTER_SUPERSEDED = 1_000

/** What one store holds between calls. */
interface NedbState {
  options: NedbStoreOptions
  datastores: Map<string, Promise<Datastore<Stored>>>
  /** Lines appended since the last compaction that no longer hold a live document, by datafile. */
  superseded: Map<string, number>
  /** Per datafile, the descriptor its appends and syncs go through (datafiles.ts). */
  datafiles: Map<string, HeldDatafile>
  counters: IdCounters
  closed: boolean
}

function openDatastore(state: NedbState, name: string): Promise<Datastore<Stored>> {
  const known = state.datastores.get(name)
  if (known) return known
  const { directory } = state.options
  const datastore = new Datastore<Stored>(
    directory === null ? { inMemoryOnly: true } : { filename: join(directory, `${name}.db`) },
  )
  if (directory !== null) appendThroughHeldFile(datastore, datafileOf(state, name))
  const loading = datastore.loadDatabaseAsync().then(() => datastore)
  state.datastores.set(name, loading)
  // A datafile that failed to load (unreadable, corrupt) is retried on the next call instead of cached.
  loading.catch(() => state.datastores.delete(name))
  return loading
}

function supersede(state: NedbState, name: string, lines: number): void {
  state.superseded.set(name, (state.superseded.get(name) ?? 0) + lines)
}

async function compact(state: NedbState, name: string, datastore: Datastore<Stored>): Promise<void> {
  state.superseded.set(name, 0)
  await datastore.compactDatafileAsync()
}

async function compactAll(state: NedbState): Promise<void> {
  if (state.options.directory === null) return
  for (const [name, loading] of state.datastores) await compact(state, name, await loading)
}

async function compactWasteful(state: NedbState): Promise<void> {
  if (state.options.directory === null) return
  const compactAfter = state.options.compactAfterSuperseded ?? DEFAULT_COMPACT_AFTER_SUPERSEDED
  for (const [name, loading] of state.datastores) {
    const waste = state.superseded.get(name) ?? 0
    if (waste < compactAfter) continue
    const datastore = await loading
    if (waste >= datastore.getAllData().length) await compact(state, name, datastore)
  }
}

function assertOpen(state: NedbState): void {
  if (state.closed) throw new Error('The document store is closed')
}

function datafileOf(state: NedbState, name: string): HeldDatafile {
  let datafile = state.datafiles.get(name)
  if (!datafile) {
    datafile = holdDatafile(join(state.options.directory!, `${name}.db`))
    state.datafiles.set(name, datafile)
  }
  return datafile
}

/**
 * NeDB appends each write with `fs.promises.appendFile`: open, write and close, three round trips to libuv's pool
 * that a save waits for in turn. Its appends go instead through the datafile held open (one round trip), in NeDB's
 * own line format. NeDB runs its writes and its compactions one at a time, and a compaction says it replaced the
 * file before the next write begins (docs/decisions/079-a-save-waits-for-fewer-writes.md).
 */
/** A document as one line of a datafile, in NeDB's own format (its version is pinned). */
const serializeDocument = (nedbModel as { serialize(document: object): string }).serialize

function appendThroughHeldFile(datastore: Datastore<Stored>, datafile: HeldDatafile): void {
  const persistence = datastore.persistence as unknown as {
    persistNewStateAsync(documents: readonly object[]): Promise<void>
  }
  persistence.persistNewStateAsync = async (documents) => {
    const text = documents.map((document) => `${serializeDocument(document)}\n`).join('')
    if (text !== '') await datafile.append(text)
  }
  datastore.on('compaction.done', () => datafile.replaced())
}

/**
 * NeDB never fsyncs, so an acknowledged write could die with the page cache. Writes wait for an fsync of their
 * file (grouped: docs/decisions/011-durable-embedded-store.md). The counters are not synced: they recover from
 * the highest stored id (nedb-counters.ts).
 */
function syncerOf(state: NedbState, name: string): () => Promise<void> {
  const { directory, syncWrites } = state.options
  if (directory === null || syncWrites === false) return async () => undefined
  return datafileOf(state, name).sync
}

async function openCollection<S extends z.ZodObject, K extends 'int' | 'uuid'>(
  state: NedbState,
  name: string,
  collectionOptions: CollectionOptions<S> & { idKind: K },
): Promise<Collection<z.output<S>, K, z.input<S>>> {
  assertOpen(state)
  assertCollectionName(name)
  const { schema, idKind, indexes = [] } = collectionOptions
  assertSchema(name, schema)
  for (const index of indexes) validateFilter({ [index.field]: { $exists: true } }, schema)
  const { directory } = state.options
  const datastore = await openDatastore(state, name)
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
  if (idKind === 'int') await loadCounter(state.counters, name, datastore)
  const sync = syncerOf(state, name)
  return nedbCollection({
    name,
    datastore,
    schema,
    uniqueFields: indexes.filter((index) => index.unique).map((index) => index.field),
    newId: () => (idKind === 'int' ? nextId(state.counters, name) : randomUUID()),
    assertOpen: () => assertOpen(state),
    wrote: (supersededLines) => {
      supersede(state, name, supersededLines)
      return sync()
    },
  }) as Collection<z.output<S>, K, z.input<S>>
}

export async function createNedbStore(options: NedbStoreOptions): Promise<DocumentStore> {
  const { directory } = options
  if (directory !== null) {
    await mkdir(directory, { recursive: true })
    // Before NeDB loads anything: it would drop damaged lines silently (datafiles.ts).
    await assertDatafilesIntact(directory)
  }
  const state: NedbState = {
    options,
    datastores: new Map(),
    superseded: new Map(),
    datafiles: new Map(),
    counters: createIdCounters(directory === null ? null : () => openDatastore(state, 'counters'), (lines) =>
      supersede(state, 'counters', lines),
    ),
    closed: false,
  }
  const compaction = setInterval(() => {
    compactWasteful(state).catch(() => {
      // A failed compaction leaves the append-only file intact; the next run or close() retries it.
    })
  }, options.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS)
  compaction.unref()

  return {
    kind: 'nedb',
    collection: (name, collectionOptions) => openCollection(state, name, collectionOptions),
    async ping() {
      return !state.closed
    },
    async compact() {
      assertOpen(state)
      await compactAll(state)
    },
    async close() {
      if (state.closed) return
      state.closed = true
      clearInterval(compaction)
      await countersWritten(state.counters)
      // Compaction is queued behind every pending operation, so acknowledged writes are on disk when it ends.
      await compactAll(state)
      await Promise.all([...state.datafiles.values()].map((datafile) => datafile.close()))
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
    const datafile = holdDatafile(temporary)
    await datafile.sync()
    await datafile.close()
    await rename(temporary, file)
    await datastore.loadDatabaseAsync()
    return
  }
  const indexes = (datastore as unknown as { indexes: Record<string, unknown> }).indexes
  if (Object.hasOwn(indexes, 'id')) await datastore.removeIndexAsync('id')
}
