import { closeSync, fsyncSync, openSync, readSync, renameSync, writeSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'

/** A line of a text file, as `fileLines` reads it. */
export interface FileLine {
  /** 1-based, as an editor shows it. */
  number: number
  /** The line without its newline; null when it is longer than `maxLineBytes` (then it is not decoded). */
  text: string | null
  bytes: number
  /** False only for a last line that no newline ends: a file cut inside it. */
  terminated: boolean
}

/**
 * The lines of a file, read a chunk at a time. The data files (NeDB's, the key-value journal) grow with what
 * is stored, and V8 cannot hold a string over 512 MiB: reading a whole file into one string would stop the
 * product from starting once a file passed that size. A line longer than `maxLineBytes` is reported without
 * its text: no record comes near it, and decoding it could reach the same limit.
 */
export function* fileLines(
  path: string,
  options: { chunkBytes?: number; maxLineBytes?: number } = {},
): Generator<FileLine> {
  const chunkBytes = options.chunkBytes ?? 2 ** 20
  const maxLineBytes = options.maxLineBytes ?? 64 * 2 ** 20
  const fd = openSync(path, 'r')
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes)
    /** The start of the current line, from earlier chunks (copied: the chunk is reused). */
    let parts: Buffer[] = []
    let partBytes = 0
    let number = 0
    const line = (end: Buffer, terminated: boolean): FileLine => {
      const bytes = partBytes + end.length
      const text =
        bytes > maxLineBytes ? null : (parts.length === 0 ? end : Buffer.concat([...parts, end])).toString()
      parts = []
      partBytes = 0
      number += 1
      return { number, text, bytes, terminated }
    }
    for (;;) {
      const read = readSync(fd, chunk, 0, chunkBytes, null)
      if (read === 0) break
      const data = chunk.subarray(0, read)
      let start = 0
      // A newline byte never occurs inside a multi-byte UTF-8 character, so splitting bytes at it is safe.
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
        yield line(data.subarray(start, end), true)
        start = end + 1
      }
      if (start < read) {
        const rest = data.subarray(start)
        if (partBytes + rest.length <= maxLineBytes) parts.push(Buffer.from(rest))
        partBytes += rest.length
      }
    }
    if (partBytes > 0) yield line(Buffer.alloc(0), false)
  } finally {
    closeSync(fd)
  }
}

export function syncDirectory(path: string): void {
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

/** `syncDirectory` off the event loop: on a busy disk a directory's fsync takes as long as a file's. */
export async function syncDirectoryAsync(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    /* best effort */
  }
}

/**
 * Puts `lines` (each without its newline) in place of the file, durably: written into a temporary file beside it
 * a batch of about 1 MiB at a time (one string of them all would stop at 512 MiB), synced, renamed over the
 * file, and the folder synced. A crash leaves either the old file or the new one.
 */
export function replaceWithLines(path: string, lines: Iterable<string>, mode: number): void {
  const temporary = `${path}.tmp`
  const fd = openSync(temporary, 'w', mode)
  try {
    let batch = ''
    for (const line of lines) {
      batch += `${line}\n`
      if (batch.length < 2 ** 20) continue
      writeSync(fd, batch)
      batch = ''
    }
    writeSync(fd, batch)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
  syncDirectory(dirname(path))
}
