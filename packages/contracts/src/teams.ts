import { z } from 'zod'
import { cleanTeamName, TEAM_NAME_MAX, TEAM_NAME_REQUIRED, TEAM_NAME_TOO_LONG } from '@app/domain/saved-teams'
import { AccessibleProfileListSchema } from './profiles.ts'
import { TeamReportRequestSchema } from './reports.ts'

/** Saved teams (docs/decisions/058-saved-teams.md): a name and the profiles in it, kept for their creator. */
export const TeamNameSchema = z
  .string({ error: TEAM_NAME_REQUIRED })
  .transform(cleanTeamName)
  .pipe(z.string().min(1, { error: TEAM_NAME_REQUIRED }).max(TEAM_NAME_MAX, { error: TEAM_NAME_TOO_LONG }))

/** The same rule as a team report's people: at least one, at most TEAM_MAX_MEMBERS (team-size.ts). */
export const TeamMemberIdsSchema = TeamReportRequestSchema.shape.profileIds

export const TeamIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const SaveTeamRequestSchema = z.object({ name: TeamNameSchema, profileIds: TeamMemberIdsSchema })
export type SaveTeamRequest = z.input<typeof SaveTeamRequestSchema>

/** A rename, a new list of members, or both. */
export const UpdateTeamRequestSchema = z
  .object({ name: TeamNameSchema.optional(), profileIds: TeamMemberIdsSchema.optional() })
  .refine((update) => update.name !== undefined || update.profileIds !== undefined, {
    error: 'Send a new name for the team or its members',
  })
export type UpdateTeamRequest = z.input<typeof UpdateTeamRequestSchema>

/**
 * A team as its creator sees it now: `members` counts the people they may still see; `leftOut` those
 * saved in it whose profile is gone or no longer shared with them, who count in no view or report.
 */
export const TeamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int().min(0),
  leftOut: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type TeamSummary = z.infer<typeof TeamSummarySchema>

export const TeamListSchema = z.object({ teams: z.array(TeamSummarySchema) })
export type TeamList = z.infer<typeof TeamListSchema>

/** One team with the profiles of the people the caller may see, in the order they were saved. */
export const TeamSchema = TeamSummarySchema.omit({ members: true }).extend({
  members: AccessibleProfileListSchema,
})
export type Team = z.infer<typeof TeamSchema>

export const DeleteTeamResponseSchema = z.object({ message: z.string() })

export const TEAMS_PATH = '/api/teams'
export const TEAM_PATH = '/api/teams/:id'
export const TEAM_REPORT_OF_SAVED_PATH = '/api/teams/:id/report'
