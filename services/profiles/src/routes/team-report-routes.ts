import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { PDF_CONTENT_TYPE } from '@app/contracts/reports'
import { apiRouteOptions } from '@app/kit/api-route'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { visibleProfile } from '../access.ts'
import { profilesErrors } from '../errors.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import { renderTeamReport } from '../report/team-report.ts'

/**
 * A team's PDF report (issue 28): administrators choose anyone, owners the profiles they may see. Every
 * profile of the team passes the same check as a single profile; one the caller may not see refuses the
 * whole report, so it never holds someone else's data. The body's size limits come from the catalog.
 */
export async function teamReportRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(api.teamReport.path, apiRouteOptions(api.teamReport), async (request, reply) => {
    const identity = userOf(request)
    const view = await options.catalog.view(identity.userId)
    const profiles = [...new Set(request.body.profileIds)].map((id) => {
      const profile = visibleProfile(view, identity, id)
      if (!profile) throw profilesErrors.profileForbidden()
      return profile
    })
    const pdf = await renderTeamReport(request.body.name ?? '', profiles)
    return reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="team-report.pdf"')
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })
}
