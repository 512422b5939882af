import { closeSync, existsSync, fdatasync, mkdirSync, openSync, renameSync, rmSync, write } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { z } from 'zod'
import { fileLines, replaceWithLines, syncDirectoryAsync } from '../file-lines.ts'
import { DamagedDataFileError, type DamagedLine } from '../store/datafiles.ts'
import type { EntryTable } from './entry-table.ts'

/** Lines of the tail still waiting when the compaction's swap step begins, at most (see compact()). */
const TAIL_COPIED_IN_THE_SWAP = 256

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
function* liveLines(entries: EntryTable, now: number): Generator<string> {
  for (const [key, entry] of entries.entries()) {
    if (entry.expiresAt !== null && entry.expiresAt <= now) continue
    yield JSON.stringify({ set: key, value: entry.value, expiresAt: entry.expiresAt })
  }
}

/**
 * Writes the entries into `temporary`, synced, without holding the event loop: the batches go out
 * asynchronously and the loop gets a turn between them. The live map is read as it changes, never copied
 * whole (a copy of a few hundred thousand entries held the loop itself): every change made since the
 * compaction began is also in the journal's tail, appended after the snapshot and replayed in order over it,
 * so a line the snapshot took before or after a change ends at the same value.
 */
async function writeSnapshotInTurns(temporary: string, entries: EntryTable): Promise<void> {
  const lines = liveLines(entries, Date.now())
  const handle = await open(temporary, 'w', 0o600)
  try {
    let batch = ''
    let count = 0
    for (const line of lines) {
      batch += `${line}\n`
      if ((count += 1) % 2_000 === 0) await nextTurn()
      if (batch.length < 2 ** 20) continue
      await handle.write(batch)
      batch = ''
    }
    await handle.write(batch)
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

/**
 * The embedded key-value store's file: an append-only log of changes, replayed and compacted at start-up and
 * compacted again whenever it has grown well past what is live. A change is written before the call that made
 * it resolves, so it survives the process; `durable` changes (revocations) also reach the disk (fdatasync).
 * One process owns the file at a time, as one all-in-one process owns its DATA_DIR.
 */
export function openJournal(file: string, entries: EntryTable) {
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
    else entries.set(record.set, record.value, record.expiresAt)
  }
  if (damaged.length > 0) throw new DamagedDataFileError([{ path: file, lines: damaged }])
  replaceWithLines(file, liveLines(entries, Date.now()), 0o600)
  let fd = openSync(file, 'a', 0o600)
  let appended = 0
  let queue: Promise<void> = Promise.resolve()
  /** While a compaction runs: the lines appended since its snapshot was taken, and the compaction itself. */
  let tail: string[] | null = null
  let compaction: Promise<void> = Promise.resolve()

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

  /**
   * Rewrites the file from memory once most of it is history. Appends go on into the old file meanwhile (so a
   * crash at any point leaves a complete journal) and are kept as the tail. The tail is copied after the
   * snapshot and synced while appends go on; only its last lines and the rename are one queued step, so no
   * append falls between the tail and the rename, and appends wait for a few lines instead of the whole tail.
   * The loop is never held for the whole snapshot (decision 015 has why: a synchronous rewrite stalled every
   * request for seconds; decision 069 why appends must not wait for the copy of the tail).
   */
  async function compact(): Promise<void> {
    const temporary = `${file}.tmp`
    try {
      await writeSnapshotInTurns(temporary, entries)
      const handle = await open(temporary, 'a')
      try {
        // Appends made while it writes join the tail; it is copied until what is left is short.
        while (tail !== null && tail.length > TAIL_COPIED_IN_THE_SWAP)
          await handle.write(tail.splice(0).join(''))
        await handle.datasync()
        await enqueue(async () => {
          const rest = (tail ?? []).join('')
          if (rest !== '') {
            await handle.write(rest)
            await handle.datasync()
          }
          closeSync(fd)
          renameSync(temporary, file)
          fd = openSync(file, 'a', 0o600)
          // Appends queued meanwhile wait for this step, so none is acknowledged before the rename is durable.
          await syncDirectoryAsync(dirname(file))
        })
      } finally {
        await handle.close()
      }
    } catch {
      // The old file is whole and still appended to; the next append past the threshold tries again.
      rmSync(temporary, { force: true })
    } finally {
      tail = null
    }
  }

  /**
   * The changes waiting for the next write, with whether any must reach the disk. Changes that arrive while a
   * write is under way wait for it and then go out together in one write and at most one fdatasync (group
   * commit): a durable change no longer holds every later one for a sync of its own.
   */
  let batch: { text: string; lines: number; durable: boolean; written: Promise<void> } | null = null

  function flush(current: NonNullable<typeof batch>): Promise<void> {
    return enqueue(async () => {
      // Changes recorded from here on form the next batch, written after this one.
      if (batch === current) batch = null
      await append(current.text)
      if (current.durable) await sync()
      tail?.push(current.text)
      appended += current.lines
      if (tail === null && appended > 10_000 && appended > 2 * entries.size) {
        tail = []
        appended = 0
        compaction = compact()
      }
    })
  }

  return {
    /** Resolves once the change is written (and, if `durable`, synced), together with those recorded beside it. */
    record(record: JournalRecord, durable: boolean): Promise<void> {
      const line = `${JSON.stringify(record)}\n`
      if (batch === null) {
        const current = { text: line, lines: 1, durable, written: Promise.resolve() }
        batch = current
        current.written = flush(current)
        return current.written
      }
      batch.text += line
      batch.lines += 1
      batch.durable ||= durable
      return batch.written
    },
    async close(): Promise<void> {
      await compaction
      return enqueue(() => closeSync(fd))
    },
  }
}
export type Journal = ReturnType<typeof openJournal>
