import { z } from 'zod'
import { TEAM_MAX_MEMBERS, teamSizeProblem } from '@app/domain/team-size'

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

/** A team report: the profiles it covers (each one the caller may see), and the name it is shown under. */
export const TeamReportRequestSchema = z.object({
  name: z.string().trim().max(100, { error: 'Team names are limited to 100 characters' }).optional(),
  profileIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, { error: teamSizeProblem(0)! })
    .max(TEAM_MAX_MEMBERS, { error: teamSizeProblem(TEAM_MAX_MEMBERS + 1)! }),
})
export type TeamReportRequest = z.infer<typeof TeamReportRequestSchema>

export const TEAM_REPORT_PATH = '/api/teams/report'
