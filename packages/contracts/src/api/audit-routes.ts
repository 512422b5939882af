import { z } from 'zod'
import { AuditPageSchema, AuditQuerySchema } from '../audit.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

export const CSV_CONTENT_TYPE = 'text/csv'

/** The audit log as a CSV file, every cell safe to open in a spreadsheet. */
export const CsvFileSchema = z
  .string()
  .meta({ type: 'string', description: 'A CSV file, one record per line after the header' })

/** The audit log (docs/decisions/059-audit-log.md): read-only; nothing in it is edited or deleted by any call. */
export const auditRoutes = {
  listAudit: route({
    method: 'GET',
    path: '/api/admin/audit',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Audit records, newest first, filtered by person, kind and time (administrators)',
    querystring: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
  }),
  downloadAudit: route({
    method: 'GET',
    path: '/api/admin/audit.csv',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'The audit records of the same filters as a CSV download (administrators)',
    querystring: AuditQuerySchema.omit({ page: true, pageSize: true }),
    produces: CSV_CONTENT_TYPE,
    responses: { 200: CsvFileSchema },
  }),
} satisfies Record<string, ApiRoute>
