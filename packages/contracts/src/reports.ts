import { z } from 'zod'

/** The PDF answer of a report route: bytes, documented as a binary string (docs/decisions/057-profile-reports.md). */
export const PdfFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'A PDF document' })

export const PDF_CONTENT_TYPE = 'application/pdf'

export const ProfileReportParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/** The profile report's path, in the catalog and for the web app's download (which does not load the catalog). */
export const PROFILE_REPORT_PATH = '/api/profiles/:id/report'
export const profileReportPath = (id: number) => PROFILE_REPORT_PATH.replace(':id', String(id))
