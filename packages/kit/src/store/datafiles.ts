import { copyFile, open, readdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'

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
function isRecord(text: string): boolean {
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

/** The damaged lines of a datafile's content; empty when every line is a record. */
export function damagedLines(content: string): DamagedLine[] {
  const lines = content.split('\n')
  const endsWithNewline = lines.at(-1) === ''
  const damaged: DamagedLine[] = []
  lines.forEach((text, index) => {
    if (text === '' || isRecord(text)) return
    const last = index === lines.length - 1 && !endsWithNewline
    damaged.push({ line: index + 1, reason: last ? 'cut' : 'garbled', bytes: Buffer.byteLength(text) })
  })
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

export async function checkDatafiles(paths: readonly string[]) {
  const damaged: Array<{ path: string; lines: DamagedLine[] }> = []
  for (const path of paths) {
    const lines = damagedLines(await readFile(path, 'utf8'))
    if (lines.length > 0) damaged.push({ path, lines })
  }
  return damaged
}

/** Stops start-up on any damaged datafile in the folder, naming each file and line. */
export async function assertDatafilesIntact(directory: string): Promise<void> {
  const damaged = await checkDatafiles(await findDatafiles(directory))
  if (damaged.length > 0) throw new DamagedDataFileError(damaged)
}

/** Writes the content durably in place of the file: a synced temporary file renamed over it. */
async function replaceFile(path: string, content: string): Promise<void> {
  const temporary = `${path}.repair-${process.pid}`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, path)
}

/**
 * Keeps `<file>.bak-<timestamp>` and rewrites the file without its damaged lines; returns what was dropped.
 * Only for a stopped product: a running service appends to its files.
 */
export async function repairDatafile(
  path: string,
  now = new Date(),
): Promise<{ backup: string; dropped: DamagedLine[] } | null> {
  const content = await readFile(path, 'utf8')
  const dropped = damagedLines(content)
  if (dropped.length === 0) return null
  const backup = `${path}.bak-${now.toISOString().replace(/[:.]/g, '-')}`
  await copyFile(path, backup)
  const droppedLines = new Set(dropped.map((line) => line.line))
  const kept = content.split('\n').filter((text, index) => text !== '' && !droppedLines.has(index + 1))
  await replaceFile(path, kept.map((text) => `${text}\n`).join(''))
  return { backup, dropped }
}

/**
 * Group commit: an fdatasync of the file after the caller's write (the data and the size that reads it back; not
 * the times, which nothing needs after a crash). Callers that arrive while one is running share the next one,
 * which starts when it ends (the running one may have begun before their write reached the file).
 */
export function createFileSyncer(path: string): () => Promise<void> {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const syncOnce = async () => {
    const handle = await open(path, 'r')
    try {
      await handle.datasync()
    } finally {
      await handle.close()
    }
  }
  const start = () => {
    const current = syncOnce().finally(() => {
      if (running === current) running = null
    })
    running = current
    return current
  }
  return () => {
    if (next) return next
    if (!running) return start()
    next = running
      .catch(() => undefined)
      .then(() => {
        next = null
        return start()
      })
    return next
  }
}
