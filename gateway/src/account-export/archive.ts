import { Readable } from 'node:stream'
import archiver, { type Archiver } from 'archiver'
import type { z } from 'zod'
import { ACCOUNT_EXPORT_FILES, type ExportAccount } from '@app/contracts/account-export'
import { csvRecord } from '@app/domain/csv-cell'
import { NOT_KEPT, readmeText } from './readme.ts'

const ARCHIVE_BUFFER_BYTES = 64 * 1024

/** The tables of data.json that stream in: each a key of data.json and its CSV file. */
export const STREAMED_TABLES = ['profiles', 'invitations', 'access', 'accessHistory'] as const
export type StreamedTable = (typeof STREAMED_TABLES)[number]

const CSV_FILE: Record<StreamedTable, keyof typeof ACCOUNT_EXPORT_FILES> = {
  profiles: 'profiles.csv',
  invitations: 'invitations.csv',
  access: 'access.csv',
  accessHistory: 'access-history.csv',
}

/**
 * Where each table's rows come from: called once for its CSV file and once more for data.json, so that
 * neither holds a table (docs/decisions/060-download-my-data.md).
 */
export type TableSources = Record<StreamedTable, () => AsyncIterable<object>>

/** The column names of a CSV file: the fields of its schema, in order. */
function columnsOf(file: keyof typeof ACCOUNT_EXPORT_FILES): string[] {
  return Object.keys((ACCOUNT_EXPORT_FILES[file] as z.ZodObject).shape)
}

async function* csvText(columns: string[], rows: AsyncIterable<object> | Iterable<object>) {
  yield `\uFEFF${csvRecord(columns)}`
  for await (const row of rows)
    yield csvRecord(columns.map((column) => (row as Record<string, unknown>)[column]))
}

/** data.json, written as its tables stream: the keys in the order of its schema, one row at a time. */
async function* jsonText(account: ExportAccount, sources: TableSources, exportedAt: Date) {
  yield `{\n"exportedAt": ${JSON.stringify(exportedAt.toISOString())},\n"account": ${JSON.stringify(account)}`
  for (const table of STREAMED_TABLES) {
    yield `,\n${JSON.stringify(table)}: [`
    let first = true
    for await (const row of sources[table]()) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`
      first = false
    }
    yield first ? ']' : '\n]'
  }
  yield `,\n"notKept": ${JSON.stringify(NOT_KEPT)}\n}\n`
}

/** Appends one file and waits until the archive has written it, so that one source is read at a time. */
function addFile(archive: Archiver, name: string, text: AsyncIterable<string>, date: Date): Promise<void> {
  const source = Readable.from(text, { objectMode: false })
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      archive.off('entry', written)
      archive.off('error', settle)
      source.off('error', settle)
      if (error) reject(error)
      else resolve()
    }
    const written = () => settle()
    archive.on('entry', written)
    archive.on('error', settle)
    // A failing source is not passed on by the archive (it pipes the source), so it is heard here.
    source.on('error', settle)
    archive.append(source, { name, date })
  })
}

/**
 * The archive of "Download my data" as a stream: README.txt, account.csv, a CSV file per table, then
 * data.json, each file compressed as its rows arrive and read only as fast as the client downloads. A part
 * failing half-way destroys the stream, so the download fails rather than ending as a partial archive.
 */
export function exportArchive(account: ExportAccount, sources: TableSources, exportedAt: Date): Readable {
  // Archiver buffers up to 1 MB of output by default; 64 kB is enough to keep a download busy and makes the
  // pull from the services follow the client's pace closely.
  const archive = archiver('zip', { zlib: { level: 6 }, highWaterMark: ARCHIVE_BUFFER_BYTES })
  const fill = async () => {
    await addFile(archive, 'README.txt', Readable.from([readmeText(exportedAt)]), exportedAt)
    const accountColumns = columnsOf('account.csv')
    await addFile(archive, 'account.csv', csvText(accountColumns, [account]), exportedAt)
    for (const table of STREAMED_TABLES) {
      const file = CSV_FILE[table]
      await addFile(archive, file, csvText(columnsOf(file), sources[table]()), exportedAt)
    }
    await addFile(archive, 'data.json', jsonText(account, sources, exportedAt), exportedAt)
    await archive.finalize()
  }
  fill().catch((error: unknown) => archive.destroy(error as Error))
  return archive
}
