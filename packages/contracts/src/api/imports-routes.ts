import {
  IMPORT_BODY_LIMIT_BYTES,
  ImportCsvRequestSchema,
  ImportJobIdParamsSchema,
  ImportJobListSchema,
  ImportJobSchema,
  ImportOptionsSchema,
  ImportResultSchema,
  SingleImportRequestSchema,
} from '../imports.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

/** CSV imports of people and their scores (import). */
export const importRoutes = {
  importDisc: route({
    method: 'POST',
    path: '/api/simple-import',
    target: 'import',
    access: ADMINISTRATOR,
    summary:
      'Import people with DISC scores from CSV; with Accept: text/event-stream, progress events then the result',
    body: ImportCsvRequestSchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    responses: { 200: ImportResultSchema },
  }),
  importPrevue: route({
    method: 'POST',
    path: '/api/admin/import-prevue',
    target: 'import',
    access: ADMINISTRATOR,
    summary:
      'Import people with Prevue sten scores from CSV; with Accept: text/event-stream, progress events then the result',
    body: ImportCsvRequestSchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    responses: { 200: ImportResultSchema },
  }),
  importSingle: route({
    method: 'POST',
    path: '/api/admin/import/single',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'Add one person with DISC scores (Simple Import, Single User)',
    body: SingleImportRequestSchema,
    responses: { 200: ImportResultSchema },
  }),
  importOptions: route({
    method: 'GET',
    path: '/api/admin/import/options',
    target: 'import',
    access: ADMINISTRATOR,
    summary: "How this tenant's imports make first passwords, and whether they may e-mail set-password links",
    responses: { 200: ImportOptionsSchema },
  }),
  listImports: route({
    method: 'GET',
    path: '/api/admin/imports',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'The import jobs, newest first',
    responses: { 200: ImportJobListSchema },
  }),
  getImport: route({
    method: 'GET',
    path: '/api/admin/imports/:id',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'One import job with its per-row report (never a password)',
    params: ImportJobIdParamsSchema,
    responses: { 200: ImportJobSchema },
  }),
} satisfies Record<string, ApiRoute>
