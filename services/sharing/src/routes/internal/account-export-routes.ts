import type { FastifyInstance, FastifyRequest } from 'fastify'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import { AppError } from '@app/kit/errors'
import { sendLines } from '@app/kit/ndjson-answer'
import type { ZodTypeProvider } from '@app/kit/validation'
import { exportedAccess, exportedAccessHistory, exportedInvitations } from '../../account-export.ts'
import type { AccessHistoryRepository } from '../../repositories/access-history-repository.ts'
import type { InvitationsRepository } from '../../repositories/invitations-repository.ts'

/** The user the gateway acts for: each part holds only what is theirs. */
function userIdOf(request: FastifyRequest): number {
  if (!request.identity) throw new AppError(401, 'SHARING_UNAUTHENTICATED', 'Please log in to continue')
  return request.identity.userId
}

/**
 * The sharing parts of "Download my data" (gateway → sharing, docs/decisions/060-download-my-data.md), each
 * streamed from the store a page at a time.
 */
export async function accountExportRoutes(
  app: FastifyInstance,
  options: { invitations: InvitationsRepository; history: AccessHistoryRepository; now: () => number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { exportInvitations, exportAccess, exportAccessHistory } = internalApi
  routes.get(exportInvitations.path, internalRouteOptions(exportInvitations), async (request, reply) => {
    const userId = userIdOf(request)
    const now = new Date(options.now())
    return sendLines(reply, exportInvitations.response, exportedInvitations(options.invitations, userId, now))
  })
  routes.get(exportAccess.path, internalRouteOptions(exportAccess), async (request, reply) =>
    sendLines(reply, exportAccess.response, exportedAccess(options.invitations, userIdOf(request))),
  )
  routes.get(exportAccessHistory.path, internalRouteOptions(exportAccessHistory), async (request, reply) =>
    sendLines(reply, exportAccessHistory.response, exportedAccessHistory(options.history, userIdOf(request))),
  )
}
