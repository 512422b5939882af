import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { ErrorBodySchema } from '@app/contracts/errors'
import { askAboutOwnerPath } from '@app/domain/spa-routes'
import { apiRouteOptions } from '@app/kit/api-route'
import { idempotentRouteOptions, type Idempotency } from '@app/kit/idempotency'
import { userOf } from '@app/kit/service'
import { encodeLoginHeader, LOGIN_HEADER, REVOKE_USER_HEADER } from '@app/kit/session-headers'
import type { ZodTypeProvider } from '@app/kit/validation'
import { accessHistoryEntries } from '../access-history.ts'
import { sharingErrors } from '../errors.ts'
import type { AccessHistoryRepository } from '../repositories/access-history-repository.ts'
import type { SharingService } from '../sharing-service.ts'
import type { EventBus } from '@app/kit/bus/port'
import { auditInvitation } from '../invitation-audit.ts'

export interface InvitationRoutesOptions {
  sharing: SharingService
  history: AccessHistoryRepository
  bus: EventBus
  createIdempotency: Idempotency
  acceptIdempotency: Idempotency
}

/** The invitation calls of the spec (section 7) and the owner's access history. */
export async function invitationRoutes(app: FastifyInstance, options: InvitationRoutesOptions) {
  const { sharing, history } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.listInvitations.path, apiRouteOptions(api.listInvitations), async (request) =>
    sharing.listSent(userOf(request)),
  )

  routes.post(
    api.createInvitation.path,
    idempotentRouteOptions(apiRouteOptions(api.createInvitation), options.createIdempotency),
    async (request, reply) => {
      const caller = userOf(request)
      const invitation = await sharing.create(caller, request.body)
      await auditInvitation(options.bus, request, 'invitation.created', caller, {
        subject: { profileOwnerId: invitation.ownerId, invitationId: invitation.id },
        details: { inviteeRole: invitation.inviteeRole },
      })
      return reply.status(201).send(invitation)
    },
  )

  routes.delete(api.revokeInvitation.path, apiRouteOptions(api.revokeInvitation), async (request) => {
    const caller = userOf(request)
    const revokedInvitationIds = await sharing.revoke(caller, request.params.id)
    await auditInvitation(options.bus, request, 'invitation.revoked', caller, {
      subject: { invitationId: request.params.id },
      details: { revokedInvitations: revokedInvitationIds.length },
    })
    return { message: 'Access revoked', revokedInvitationIds }
  })

  routes.get(api.invitationDetails.path, apiRouteOptions(api.invitationDetails), async (request) =>
    sharing.details(request.params.token),
  )

  routes.post(
    api.acceptInvitation.path,
    idempotentRouteOptions(apiRouteOptions(api.acceptInvitation), options.acceptIdempotency),
    async (request, reply) => {
      const account = await sharing.accept(request.params.token, request.body?.password, request.identity)
      const { user } = account
      await auditInvitation(options.bus, request, 'invitation.accepted', user, {
        subject: { userId: user.id, profileOwnerId: account.ownerId, invitationId: account.invitationId },
        details: { inviteeRole: user.role },
      })
      // A promoted guest's older sessions carry the old role: they end, and this one starts afresh.
      if (account.promoted) reply.header(REVOKE_USER_HEADER, String(user.id))
      reply.header(LOGIN_HEADER, encodeLoginHeader(user))
      // Every role lands on the Ask page with the shared profile found: guest_standard may reach only that
      // page (docs/requirements.md section 6), and it is where anyone asks about the profile (docs/decisions/027-guests-have-a-home.md).
      return { redirectTo: askAboutOwnerPath(account.ownerId) }
    },
  )

  const getAccept = apiRouteOptions(api.acceptInvitationWithGet)
  routes.get(
    api.acceptInvitationWithGet.path,
    {
      ...getAccept,
      schema: { ...getAccept.schema, response: { ...getAccept.schema.response, 405: ErrorBodySchema } },
    },
    async (_request, reply) => {
      reply.header('allow', 'POST')
      throw sharingErrors.useAcceptPost()
    },
  )

  routes.get(api.accessHistory.path, apiRouteOptions(api.accessHistory), async (request) => {
    const caller = userOf(request)
    const ownerId = request.query.ownerId ?? caller.userId
    sharing.assertMayReadHistory(caller, ownerId)
    return { ownerId, entries: accessHistoryEntries(await history.listByOwner(ownerId)) }
  })
}
