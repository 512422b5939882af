import {
  ACCOUNT_EXPORT_FILES,
  ACCOUNT_EXPORT_PATH,
  ZIP_CONTENT_TYPE,
  ZipFileSchema,
} from '../account-export.ts'
import { route, type ApiRoute } from './route.ts'

/** The caller's own account as a whole: "Download my data" (docs/decisions/060-download-my-data.md). */
export const accountRoutes = {
  accountExport: route({
    method: 'GET',
    path: ACCOUNT_EXPORT_PATH,
    // The gateway gathers each service's part and builds the zip as the parts stream (decision 060).
    target: 'gateway',
    access: 'signed-in',
    summary: 'Everything the product holds about the caller, as a zip of JSON and CSV files',
    produces: ZIP_CONTENT_TYPE,
    archiveFiles: ACCOUNT_EXPORT_FILES,
    responses: { 200: ZipFileSchema },
  }),
} satisfies Record<string, ApiRoute>
