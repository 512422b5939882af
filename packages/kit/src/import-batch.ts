import { DuplicateKeyError } from './store/port.ts'

/** A row of an import batch: the key its sender gave it, the same each time the batch is sent again. */
export interface ImportKeyed {
  importKey: string
}

/** The first row of a key the batch has not made before, and where it stands in the batch. */
export interface FirstOfKey<Row> {
  index: number
  row: Row
}

export interface ImportBatchSteps<Row extends ImportKeyed, Result extends ImportKeyed> {
  /** The answers of the keys an earlier send already made, by key: these rows make nothing again. */
  earlier(keys: string[]): Promise<Map<string, Result>>
  /** Answers the first row of each key not made before, one answer each in their order. */
  settle(firsts: Array<FirstOfKey<Row>>): Promise<Result[]>
  /** A key repeated inside the batch: answered from the answer of its first row. */
  repeat(row: Row, first: Result): Result
}

/**
 * The import-key batch (docs/decisions/013-import-jobs.md): a batch sent again after a crash or a
 * timeout answers what its first send made instead of making it twice. Rows whose key was made before are
 * answered from that; the first row of each other key is settled once; a key repeated in the batch gets its
 * first row's answer. Auth's accounts and profiles' assessments are both made this way.
 */
export async function importKeyBatch<Row extends ImportKeyed, Result extends ImportKeyed>(
  rows: readonly Row[],
  steps: ImportBatchSteps<Row, Result>,
): Promise<Result[]> {
  const earlier = await steps.earlier([...new Set(rows.map((row) => row.importKey))])
  const results: Array<Result | undefined> = rows.map((row) => earlier.get(row.importKey))
  const firstIndexOfKey = new Map<string, number>()
  const firsts: Array<FirstOfKey<Row>> = []
  for (const [index, row] of rows.entries()) {
    if (results[index] || firstIndexOfKey.has(row.importKey)) continue
    firstIndexOfKey.set(row.importKey, index)
    firsts.push({ index, row })
  }
  const settled = firsts.length > 0 ? await steps.settle(firsts) : []
  if (settled.length !== firsts.length)
    throw new Error(`an import batch settled ${settled.length} of its ${firsts.length} new keys`)
  for (const [position, { index }] of firsts.entries()) results[index] = settled[position]
  return rows.map(
    (row, index) => results[index] ?? steps.repeat(row, results[firstIndexOfKey.get(row.importKey)!]!),
  )
}

/**
 * What became of one insert of a batch made at once: made now; made by a concurrent send of the same key
 * (its unique import key refused this one, and the key's document is there); or refused by another unique
 * index (an e-mail address someone else holds), with the store's error.
 */
export type Creation<Made> =
  | { status: 'created'; made: Made }
  | { status: 'existing'; made: Made }
  | { status: 'taken'; error: DuplicateKeyError }

/**
 * Reads the settled inserts of a batch (Promise.allSettled, so that concurrent inserts share the store's
 * writes): a duplicate key is looked up by its import key, any other failure is thrown.
 */
export async function creationsOf<Item, Made>(
  items: readonly Item[],
  outcomes: ReadonlyArray<PromiseSettledResult<Made>>,
  findByKey: (item: Item) => Promise<Made | null | undefined>,
): Promise<Array<Creation<Made>>> {
  return Promise.all(
    outcomes.map(async (outcome, position): Promise<Creation<Made>> => {
      if (outcome.status === 'fulfilled') return { status: 'created', made: outcome.value }
      const error: unknown = outcome.reason
      if (!(error instanceof DuplicateKeyError)) throw error
      const raced = await findByKey(items[position]!)
      return raced === null || raced === undefined
        ? { status: 'taken', error }
        : { status: 'existing', made: raced }
    }),
  )
}
