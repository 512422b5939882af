import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { PDF_CONTENT_TYPE } from '@app/contracts/reports'
import type { Team, TeamSummary } from '@app/contracts/teams'
import { TEAMS_PER_OWNER_MAX } from '@app/domain/saved-teams'
import { apiRouteOptions } from '@app/kit/api-route'
import type { Identity } from '@app/kit/identity'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { profilesErrors } from '../errors.ts'
import type { CatalogView, ProfileCatalog } from '../profile-catalog.ts'
import { fileNameSlug } from '../report/profile-report.ts'
import { renderTeamReport } from '../report/team-report.ts'
import type { StoredTeam, TeamSave, TeamsRepository } from '../repositories/teams-repository.ts'
import { teamMembersSeenBy, visibleMemberIds } from '../team-members.ts'

export interface TeamRoutesOptions {
  catalog: ProfileCatalog
  teams: TeamsRepository
}

function summaryOf(team: StoredTeam, view: CatalogView, identity: Identity): TeamSummary {
  const { profiles, leftOut } = teamMembersSeenBy(view, identity, team.memberIds)
  return {
    id: team.id,
    name: team.name,
    members: profiles.length,
    leftOut,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  }
}

function teamOf(team: StoredTeam, view: CatalogView, identity: Identity): Team {
  const seen = teamMembersSeenBy(view, identity, team.memberIds)
  return {
    id: team.id,
    name: team.name,
    members: seen.members(),
    leftOut: seen.leftOut,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  }
}

/** The ids to save, each one the caller may see now; anything else refuses the whole save. */
function membersToSave(view: CatalogView, identity: Identity, profileIds: readonly number[]): number[] {
  const ids = visibleMemberIds(view, identity, profileIds)
  if (!ids) throw profilesErrors.profileForbidden()
  return ids
}

function savedOrConflict(outcome: TeamSave | null, name: string | undefined): StoredTeam {
  if (!outcome) throw profilesErrors.teamNotFound()
  if ('nameTaken' in outcome) throw profilesErrors.teamNameTaken(name ?? '')
  return outcome.saved
}

/**
 * Saved teams (docs/decisions/058-saved-teams.md): each one its creator's alone. Every read goes through
 * the owner's id, so another's team answers like a missing one, and every read of its members, the report
 * too, asks what the caller may see now.
 */
export async function teamRoutes(app: FastifyInstance, options: TeamRoutesOptions) {
  const { catalog, teams } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.listTeams.path, apiRouteOptions(api.listTeams), async (request) => {
    const identity = userOf(request)
    const [view, owned] = await Promise.all([catalog.view(identity.userId), teams.listOf(identity.userId)])
    return { teams: owned.map((team) => summaryOf(team, view, identity)) }
  })

  routes.post(api.createTeam.path, apiRouteOptions(api.createTeam), async (request, reply) => {
    const identity = userOf(request)
    const view = await catalog.view(identity.userId)
    const memberIds = membersToSave(view, identity, request.body.profileIds)
    if ((await teams.countOf(identity.userId)) >= TEAMS_PER_OWNER_MAX) throw profilesErrors.tooManyTeams()
    const { name } = request.body
    const team = savedOrConflict(await teams.create(identity.userId, { name, memberIds }), name)
    return reply.code(201).send(teamOf(team, view, identity))
  })

  routes.get(api.getTeam.path, apiRouteOptions(api.getTeam), async (request) => {
    const identity = userOf(request)
    const [view, team] = await Promise.all([
      catalog.view(identity.userId),
      teams.findOwned(identity.userId, request.params.id),
    ])
    if (!team) throw profilesErrors.teamNotFound()
    return teamOf(team, view, identity)
  })

  routes.patch(api.updateTeam.path, apiRouteOptions(api.updateTeam), async (request) => {
    const identity = userOf(request)
    const view = await catalog.view(identity.userId)
    const { name, profileIds } = request.body
    const memberIds = profileIds && membersToSave(view, identity, profileIds)
    const outcome = await teams.update(identity.userId, request.params.id, { name, memberIds })
    return teamOf(savedOrConflict(outcome, name), view, identity)
  })

  routes.delete(api.deleteTeam.path, apiRouteOptions(api.deleteTeam), async (request) => {
    const identity = userOf(request)
    if (!(await teams.remove(identity.userId, request.params.id))) throw profilesErrors.teamNotFound()
    return { message: 'Team deleted' }
  })

  routes.get(api.savedTeamReport.path, apiRouteOptions(api.savedTeamReport), async (request, reply) => {
    const identity = userOf(request)
    const [view, team] = await Promise.all([
      catalog.view(identity.userId),
      teams.findOwned(identity.userId, request.params.id),
    ])
    if (!team) throw profilesErrors.teamNotFound()
    const { profiles, leftOut } = teamMembersSeenBy(view, identity, team.memberIds)
    if (profiles.length === 0) throw profilesErrors.teamEmpty()
    const pdf = await renderTeamReport(team.name, profiles, { leftOut })
    const fileName = `${fileNameSlug(team.name) || `team-${team.id}`}-team-report.pdf`
    return reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })
}
