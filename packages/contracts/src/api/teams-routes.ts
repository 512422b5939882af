import { SAVING_ROLES } from '@app/domain/roles'
import { PDF_CONTENT_TYPE, PdfFileSchema } from '../reports.ts'
import {
  DeleteTeamResponseSchema,
  SaveTeamRequestSchema,
  TEAM_PATH,
  TEAM_REPORT_OF_SAVED_PATH,
  TeamIdParamsSchema,
  TeamListSchema,
  TeamSchema,
  TEAMS_PATH,
  UpdateTeamRequestSchema,
} from '../teams.ts'
import { route, type ApiRoute } from './route.ts'

/**
 * Saved teams (profiles; docs/decisions/058-saved-teams.md): each kept for the one who saved it, and read
 * through what that person may see at the time of each request.
 */
export const teamRoutes = {
  listTeams: route({
    method: 'GET',
    path: TEAMS_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: "The caller's saved teams, by name",
    responses: { 200: TeamListSchema },
  }),
  createTeam: route({
    method: 'POST',
    path: TEAMS_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: 'Save a team: a name and profiles the caller may see',
    body: SaveTeamRequestSchema,
    responses: { 201: TeamSchema },
  }),
  getTeam: route({
    method: 'GET',
    path: TEAM_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: "One of the caller's saved teams, with the members they may still see",
    params: TeamIdParamsSchema,
    responses: { 200: TeamSchema },
  }),
  updateTeam: route({
    method: 'PATCH',
    path: TEAM_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: "Rename one of the caller's saved teams, or replace its members",
    params: TeamIdParamsSchema,
    body: UpdateTeamRequestSchema,
    responses: { 200: TeamSchema },
  }),
  deleteTeam: route({
    method: 'DELETE',
    path: TEAM_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: "Delete one of the caller's saved teams (the profiles stay)",
    params: TeamIdParamsSchema,
    responses: { 200: DeleteTeamResponseSchema },
  }),
  savedTeamReport: route({
    method: 'GET',
    path: TEAM_REPORT_OF_SAVED_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: 'A saved team as a PDF report, of the members the caller may still see',
    params: TeamIdParamsSchema,
    produces: PDF_CONTENT_TYPE,
    responses: { 200: PdfFileSchema },
  }),
} satisfies Record<string, ApiRoute>
