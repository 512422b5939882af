import { closeSync, existsSync, fdatasync, mkdirSync, openSync, write } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { fileLines, replaceWithLines } from '../file-lines.ts'
import { DamagedDataFileError, type DamagedLine } from '../store/datafiles.ts'

export interface JournalEntry {
  value: string
  expiresAt: number | null
}

const recordSchema = z.union([
  z.object({ set: z.string(), value: z.string(), expiresAt: z.number().nullable() }),
  z.object({ delete: z.string() }),
])
type JournalRecord = z.infer<typeof recordSchema>

function parseRecord(text: string): JournalRecord | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A line of the journal that start-up can replay (for `npm run data:repair`). */
export const isJournalRecord = (text: string): boolean => parseRecord(text) !== null

/** Every live entry, one line each: what the journal is rewritten to when it is compacted. */
function writeSnapshot(file: string, entries: Map<string, JournalEntry>): void {
  const now = Date.now()
  function* live() {
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) continue
      yield JSON.stringify({ set: key, value: entry.value, expiresAt: entry.expiresAt })
    }
  }
  replaceWithLines(file, live(), 0o600)
}

/**
 * The embedded key-value store's file: an append-only log of changes, replayed and compacted at start-up and
 * compacted again whenever it has grown well past what is live. A change is written before the call that made
 * it resolves, so it survives the process; `durable` changes (revocations) also reach the disk (fdatasync).
 * One process owns the file at a time, as one all-in-one process owns its DATA_DIR.
 */
export function openJournal(file: string, entries: Map<string, JournalEntry>) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const damaged: DamagedLine[] = []
  for (const { number, text, bytes, terminated } of existsSync(file) ? fileLines(file) : []) {
    if (text === '') continue
    const record = text === null ? null : parseRecord(text)
    if (record === null) {
      // A crash in the middle of an append can tear the last line only; that change was never acknowledged.
      // Any other line that is not a record is damage, and skipping it could bring back a revoked session.
      if (terminated) damaged.push({ line: number, reason: 'garbled', bytes })
      continue
    }
    if ('delete' in record) entries.delete(record.delete)
    else entries.set(record.set, { value: record.value, expiresAt: record.expiresAt })
  }
  if (damaged.length > 0) throw new DamagedDataFileError([{ path: file, lines: damaged }])
  writeSnapshot(file, entries)
  let fd = openSync(file, 'a', 0o600)
  let appended = 0
  let queue: Promise<void> = Promise.resolve()

  const append = (line: string) =>
    new Promise<void>((resolve, reject) => write(fd, line, (error) => (error ? reject(error) : resolve())))
  const sync = () =>
    new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())))

  function enqueue(step: () => Promise<void> | void): Promise<void> {
    const next = queue.then(step)
    // A failed write fails its own call; later writes still run.
    queue = next.catch(() => undefined)
    return next
  }

  return {
    record(record: JournalRecord, durable: boolean): Promise<void> {
      const line = `${JSON.stringify(record)}\n`
      return enqueue(async () => {
        await append(line)
        if (durable) await sync()
        appended += 1
        // Rewritten from memory once most of the log is history; the snapshot is synced before it replaces it.
        if (appended > 10_000 && appended > 2 * entries.size) {
          closeSync(fd)
          writeSnapshot(file, entries)
          fd = openSync(file, 'a', 0o600)
          appended = 0
        }
      })
    },
    close(): Promise<void> {
      return enqueue(() => closeSync(fd))
    },
  }
}
export type Journal = ReturnType<typeof openJournal>
