import type { FastifyInstance } from 'fastify'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import { sendLines } from '@app/kit/ndjson-answer'
import type { ZodTypeProvider } from '@app/kit/validation'
import { profilesErrors } from '../../errors.ts'
import type { AssessmentsRepository } from '../../repositories/assessments-repository.ts'

/**
 * The profiles part of "Download my data" (gateway → profiles, docs/decisions/060-download-my-data.md): the
 * profiles the user the gateway acts for owns, with their answers, streamed from the store a page at a time.
 * Profiles shared with the user are their owners' data, not the user's, and stay out.
 */
export async function accountExportRoutes(
  app: FastifyInstance,
  options: { assessments: AssessmentsRepository },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const row = internalApi.exportProfiles
  routes.get(row.path, internalRouteOptions(row), async (request, reply) => {
    const actingFor = request.identity
    if (!actingFor) throw profilesErrors.profileForbidden()
    return sendLines(reply, row.response, options.assessments.ownedInPages(actingFor.userId))
  })
}
