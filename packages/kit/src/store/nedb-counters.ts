import type { Datastore, Stored } from './nedb-collection.ts'

/**
 * Id counters live in memory, one per collection, and are written to `counters.db` behind the inserts that
 * take them, the latest value only: a save waits for its own datafile, never for the counters' (decision 015).
 * A counter starts from the higher of what `counters.db` holds and the highest stored id, so neither a cut
 * nor a lost `counters.db` can hand out an id in use.
 */
export interface IdCounters {
  /** The `counters` datastore, or null when nothing is written (an in-memory store). */
  open: (() => Promise<Datastore<Stored>>) | null
  /** Called with each line a counter's write supersedes in `counters.db`. */
  superseded: (lines: number) => void
  taken: Map<string, number>
  written: Map<string, number>
  persisting: Map<string, Promise<void>>
}

export function createIdCounters(open: IdCounters['open'], superseded: IdCounters['superseded']): IdCounters {
  return { open, superseded, taken: new Map(), written: new Map(), persisting: new Map() }
}

function persistCounter(counters: IdCounters, collection: string): void {
  const { open, taken, written, persisting } = counters
  if (open === null || persisting.has(collection)) return
  const write = (async () => {
    const datastore = await open()
    // Each round writes the latest value; whatever was taken meanwhile is covered by the next round.
    while ((written.get(collection) ?? 0) < taken.get(collection)!) {
      const value = taken.get(collection)!
      await datastore.updateAsync({ _id: collection }, { $max: { seq: value } }, { upsert: true })
      written.set(collection, value)
      counters.superseded(1)
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

export function nextId(counters: IdCounters, collection: string): number {
  const id = counters.taken.get(collection)! + 1
  counters.taken.set(collection, id)
  persistCounter(counters, collection)
  return id
}

export async function loadCounter(
  counters: IdCounters,
  collection: string,
  datastore: Datastore<Stored>,
): Promise<void> {
  const [highest] = (await datastore.findAsync({}).sort({ id: -1 }).limit(1)) as unknown as Stored[]
  const countersStore = counters.open ? await counters.open() : null
  const stored = (await countersStore?.findOneAsync({ _id: collection })) as { seq?: number } | null
  const start = Math.max(
    typeof highest?.id === 'number' ? highest.id : 0,
    stored?.seq ?? 0,
    counters.taken.get(collection) ?? 0,
  )
  counters.taken.set(collection, start)
  counters.written.set(collection, Math.max(counters.written.get(collection) ?? 0, stored?.seq ?? 0))
}

/** Resolves once every counter write under way has ended. */
export async function countersWritten(counters: IdCounters): Promise<void> {
  await Promise.all(counters.persisting.values())
}
