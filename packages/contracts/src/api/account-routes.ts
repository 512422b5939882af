import { z } from 'zod'
import { route, type ApiRoute } from './route.ts'

/**
 * The answer of `GET /api/account/export`: bytes, documented as a binary string. The schemas of the files in
 * it are in ../account-export.ts, which the gateway's OpenAPI page reads; the web app's bundle needs none.
 */
export const ZipFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'A zip archive (its files: x-archive-files)' })

/** The caller's own account as a whole: "Download my data" (docs/decisions/060-download-my-data.md). */
export const accountRoutes = {
  accountExport: route({
    method: 'GET',
    path: '/api/account/export',
    // The gateway gathers each service's part and builds the zip as the parts stream (decision 060).
    target: 'gateway',
    access: 'signed-in',
    summary: 'Everything held about the caller, as a zip of JSON and CSV files',
    produces: 'application/zip',
    responses: { 200: ZipFileSchema },
  }),
} satisfies Record<string, ApiRoute>
