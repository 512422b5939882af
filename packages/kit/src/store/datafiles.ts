import { copyFileSync, statSync } from 'node:fs'
import { open, readdir, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { fileLines, replaceWithLines } from '../file-lines.ts'

/**
 * NeDB datafiles are one JSON record per line, appended. On load NeDB skips lines it cannot parse (up to 10%
 * of the file) and then rewrites the file without them, so a damaged line would vanish without a word.
 * These checks run before NeDB loads a file, and the repair command (`npm run data:repair`) is the only
 * thing that drops a line, after keeping a backup.
 */

export const REPAIR_COMMAND = 'npm run data:repair'

export interface DamagedLine {
  /** 1-based, as an editor shows it. */
  line: number
  reason: 'cut' | 'garbled'
  bytes: number
}

export class DamagedDataFileError extends Error {
  override name = 'DamagedDataFileError'
  constructor(readonly damaged: ReadonlyArray<{ path: string; lines: DamagedLine[] }>) {
    super(
      [
        'Damaged data files; start-up stopped so that nothing is silently lost:',
        ...damaged.flatMap(({ path, lines }) => lines.map((line) => `  - ${path}: ${describe(line)}`)),
        `Restore the files from a backup, or run \`${REPAIR_COMMAND}\` with the same DATA_DIR: it keeps a copy of ` +
          'each file as <file>.bak-<timestamp> and drops only the damaged lines, listing them.',
      ].join('\n'),
    )
  }
}

export function describe({ line, reason, bytes }: DamagedLine): string {
  return reason === 'cut'
    ? `line ${line} is cut off (the file ends inside a record of ${bytes} bytes)`
    : `line ${line} is not a valid record (${bytes} bytes)`
}

/**
 * A record line as NeDB writes it: a document with its `_id` (a string, or the integer id of an int collection:
 * decision 016), a deletion mark, or an index declaration.
 */
export function isNedbRecord(text: string): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return false
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false
  const record = parsed as Record<string, unknown>
  return (
    (typeof record._id === 'string' && record._id !== '') ||
    (Number.isSafeInteger(record._id) && (record._id as number) > 0) ||
    typeof record.$$indexCreated === 'object' ||
    typeof record.$$indexRemoved === 'string'
  )
}

/** The damaged lines of a file of one record per line (`isRecord` says which lines are); empty when none is. */
export function damagedLines(
  path: string,
  isRecord: (text: string) => boolean = isNedbRecord,
): DamagedLine[] {
  const damaged: DamagedLine[] = []
  for (const { number, text, bytes, terminated } of fileLines(path)) {
    if (text === '' || (text !== null && isRecord(text))) continue
    damaged.push({ line: number, reason: terminated ? 'garbled' : 'cut', bytes })
  }
  return damaged
}

/** Every NeDB datafile (`*.db`) in a folder and its subfolders: each service's collections under DATA_DIR. */
export async function findDatafiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true }).catch(
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    },
  )
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.db'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Stops start-up on any damaged datafile in the folder, naming each file and line. */
export async function assertDatafilesIntact(directory: string): Promise<void> {
  const damaged = (await findDatafiles(directory))
    .map((path) => ({ path, lines: damagedLines(path) }))
    .filter(({ lines }) => lines.length > 0)
  if (damaged.length > 0) throw new DamagedDataFileError(damaged)
}

/**
 * Keeps `<file>.bak-<timestamp>` and rewrites the file without its damaged lines; returns what was dropped.
 * Only for a stopped product: a running service appends to its files. The file keeps its permissions.
 */
export function repairDatafile(
  path: string,
  options: { isRecord?: (text: string) => boolean; now?: Date } = {},
): { backup: string; dropped: DamagedLine[] } | null {
  const dropped = damagedLines(path, options.isRecord)
  const now = options.now ?? new Date()
  if (dropped.length === 0) return null
  const backup = `${path}.bak-${now.toISOString().replace(/[:.]/g, '-')}`
  copyFileSync(path, backup)
  const droppedLines = new Set(dropped.map((line) => line.line))
  function* kept() {
    for (const { number, text } of fileLines(path))
      if (text !== null && text !== '' && !droppedLines.has(number)) yield text
  }
  replaceWithLines(path, kept(), statSync(path).mode & 0o777)
  return { backup, dropped }
}

export interface HeldDatafile {
  /** Appends `text` through the descriptor it holds; resolves once it is written (not synced). */
  append(text: string): Promise<void>
  /** Resolves once every write made to the file before the call is on the disk. */
  sync(): Promise<void>
  /**
   * The path now names another file (a compaction renamed one over it). Called at once, before any later
   * append: the next append or sync opens the new file, and the old descriptor is closed after its writes.
   */
  replaced(): void
  /** Closes the file it keeps open, after the writes and the sync under way; a later call opens it again. */
  close(): Promise<void>
}

/**
 * A datafile held open for the writes made to it and their syncs, so each is one round trip to libuv's pool
 * rather than three (open, write or sync, close): while the loop is busy, each round trip a save waits for is a
 * turn of it (docs/decisions/075-datafile-kept-open-for-its-syncs.md, 079-a-save-waits-for-fewer-writes.md).
 *
 * Syncs are a group commit: an fdatasync of the file after the caller's write (the data and the size that reads
 * it back; not the times, which nothing needs after a crash). Callers that arrive while one is running share the
 * next one, which starts when it ends (the running one may have begun before their write reached the file).
 *
 * A compaction replaces the file by a rename, and says so (`replaced`). The path is also looked up beside each
 * sync, and when it names another file than the one held, that one is opened and synced too, so a write to the
 * new file is never left unsynced.
 */
export function holdDatafile(path: string, mode = 0o644): HeldDatafile {
  let held: Promise<{ handle: FileHandle; inode: number }> | null = null
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  /** The close of a descriptor let go by `replaced`, which `close` waits for. */
  let letGo: Promise<void> = Promise.resolve()

  const openHeld = async () => {
    const handle = await open(path, 'a', mode)
    try {
      return { handle, inode: (await handle.stat()).ino }
    } catch (error) {
      await handle.close()
      throw error
    }
  }
  const current = () => {
    if (!held) {
      const opening = openHeld()
      // A failed open is tried again by the next call.
      opening.catch(() => {
        if (held === opening) held = null
      })
      held = opening
    }
    return held
  }
  /** Lets go of the file held; FileHandle.close waits for the operations under way on it. */
  const release = async () => {
    const releasing = held
    held = null
    await (await releasing?.catch(() => null))?.handle.close()
  }
  const syncOnce = async () => {
    const file = await current()
    try {
      const [, named] = await Promise.all([file.handle.datasync(), stat(path)])
      if (named.ino === file.inode) return
    } catch (error) {
      await release()
      throw error
    }
    // Renamed over since it was opened: the writes the caller waits for may be in the new file.
    await release()
    await (await current()).handle.datasync()
  }
  const start = () => {
    const started = syncOnce().finally(() => {
      if (running === started) running = null
    })
    running = started
    return started
  }
  return {
    async append(text) {
      // appendFile writes the rest again after a short write, which write() alone would not.
      await (await current()).handle.appendFile(text)
    },
    sync() {
      if (next) return next
      if (!running) return start()
      next = running
        .catch(() => undefined)
        .then(() => {
          next = null
          return start()
        })
      return next
    },
    replaced() {
      letGo = Promise.allSettled([letGo, release()]).then(() => undefined)
    },
    async close() {
      await Promise.allSettled([running, next, letGo])
      await release()
    },
  }
}
