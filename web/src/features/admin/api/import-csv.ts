import {
  type FirstPassword,
  ImportResultSchema,
  ImportStreamEventSchema,
  type ImportProgress,
  type ImportStreamEvent,
} from '@app/contracts/imports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiAnswer, ApiBody, ApiPath } from '../../../lib/api-catalog.ts'
import { postForEvents, readEvents, ServerEventParser } from '../../../lib/event-stream.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { refreshAfterImport } from './refresh-after-import.ts'

/** The two CSV imports of the Bulk Import page (docs/requirements.md section 2): the import type choice. */
export type CsvImportKind = 'disc' | 'prevue'

const IMPORT_PATHS = {
  disc: '/api/simple-import',
  prevue: '/api/admin/import-prevue',
} as const satisfies Record<CsvImportKind, ApiPath<'POST'>>

type ImportPath = (typeof IMPORT_PATHS)[CsvImportKind]

/** A failure the import reported inside its stream, after it began. */
export class ImportStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'ImportStreamError'
  }
}

/**
 * Sends a CSV text to an import and streams its progress (`onProgress` as rows complete), resolving with
 * the result. Each call is one submit with its own Idempotency-Key, so a request whose answer was lost
 * does not import the file twice. A refusal before the stream throws the API client's `status: body` error.
 */
export async function importCsv(
  kind: CsvImportKind,
  csvText: string,
  {
    onProgress,
    signal,
    firstPassword,
  }: {
    onProgress?: (progress: ImportProgress) => void
    signal?: AbortSignal
    firstPassword?: FirstPassword
  } = {},
): Promise<ApiAnswer<'POST', ImportPath>> {
  const body: ApiBody<'POST', ImportPath> =
    firstPassword === 'link' ? { csvText, firstPassword } : { csvText }
  const answer = await postForEvents(IMPORT_PATHS[kind], {
    body,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
    signal,
  })
  if (answer.kind === 'json') return ImportResultSchema.parse(answer.body)
  const parser = new ServerEventParser<ImportStreamEvent>((data) => ImportStreamEventSchema.parse(data))
  const result = await readEvents(answer.reader, parser, (event) => {
    if (event.type === 'progress') {
      onProgress?.(event.progress)
      return undefined
    }
    if (event.type === 'result') return event.result
    throw new ImportStreamError(event.message, event.code)
  })
  if (result === null)
    throw new ImportStreamError('The import ended before its result arrived', 'STREAM_INCOMPLETE')
  return result
}

export function useImportCsv() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      kind,
      csvText,
      onProgress,
      firstPassword,
    }: {
      kind: CsvImportKind
      csvText: string
      onProgress?: (progress: ImportProgress) => void
      firstPassword?: FirstPassword
    }) =>
      importCsv(kind, csvText, {
        ...(onProgress ? { onProgress } : {}),
        ...(firstPassword ? { firstPassword } : {}),
      }),
    onSettled: () => refreshAfterImport(queryClient),
  })
}
