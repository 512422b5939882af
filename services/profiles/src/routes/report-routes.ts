import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { PDF_CONTENT_TYPE } from '@app/contracts/reports'
import { apiRouteOptions } from '@app/kit/api-route'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { visibleProfile } from '../access.ts'
import { profilesErrors } from '../errors.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import { renderProfileReport, reportFileName } from '../report/profile-report.ts'

/**
 * A profile's PDF report (docs/decisions/057-profile-reports.md), for whoever may see the profile: the same
 * check as every other profile read, made on each request, so a revoked guest loses the report at once.
 */
export async function reportRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(api.profileReport.path, apiRouteOptions(api.profileReport), async (request, reply) => {
    const identity = userOf(request)
    const view = await options.catalog.view(identity.userId)
    const profile = visibleProfile(view, identity, request.params.id)
    if (!profile) throw profilesErrors.profileForbidden()
    const pdf = await renderProfileReport(profile)
    const fileName = reportFileName(profile)
    return reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })
}
