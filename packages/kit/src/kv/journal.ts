import {
  closeSync,
  fdatasync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  write,
  writeFileSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'

export interface JournalEntry {
  value: string
  expiresAt: number | null
}

const recordSchema = z.union([
  z.object({ set: z.string(), value: z.string(), expiresAt: z.number().nullable() }),
  z.object({ delete: z.string() }),
])
type JournalRecord = z.infer<typeof recordSchema>

function syncDirectory(path: string): void {
  // A rename is durable only once its directory is; not every platform lets a directory be opened.
  try {
    const fd = openSync(path, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    /* best effort */
  }
}

function writeSnapshot(file: string, entries: Map<string, JournalEntry>): void {
  const now = Date.now()
  let text = ''
  for (const [key, entry] of entries) {
    if (entry.expiresAt !== null && entry.expiresAt <= now) continue
    text += `${JSON.stringify({ set: key, value: entry.value, expiresAt: entry.expiresAt })}\n`
  }
  const temporary = `${file}.tmp`
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeFileSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, file)
  syncDirectory(dirname(file))
}

/**
 * The embedded key-value store's file: an append-only log of changes, replayed and compacted at start-up and
 * compacted again whenever it has grown well past what is live. A change is written before the call that made
 * it resolves, so it survives the process; `durable` changes (revocations) also reach the disk (fdatasync).
 * One process owns the file at a time, as one all-in-one process owns its DATA_DIR.
 */
export function openJournal(file: string, entries: Map<string, JournalEntry>) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  for (const line of text.split('\n')) {
    if (line === '') continue
    let record: JournalRecord
    try {
      record = recordSchema.parse(JSON.parse(line))
    } catch {
      // Only the last line can be torn, by a crash in the middle of an append: what came before stands.
      continue
    }
    if ('delete' in record) entries.delete(record.delete)
    else entries.set(record.set, { value: record.value, expiresAt: record.expiresAt })
  }
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
