import type { FastifyInstance } from 'fastify'
import type { ExportAccount } from '@app/contracts/account-export'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import { AppError } from '@app/kit/errors'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { EventBus } from '@app/kit/bus/port'
import { auditExport } from '../../audit/account-audit.ts'
import type { StoredUser, UsersRepository } from '../../repositories/users-repository.ts'

const exportErrors = {
  unauthenticated: () => new AppError(401, 'AUTH_UNAUTHENTICATED', 'Please log in to continue'),
  notFound: () => new AppError(404, 'AUTH_USER_NOT_FOUND', 'User not found'),
  beingDeleted: () =>
    new AppError(
      409,
      'AUTH_ACCOUNT_BEING_DELETED',
      'This account is being deleted, so its data can no longer be downloaded',
    ),
}

/** The account's own fields, named one by one: never its password hash, identity keys or import key. */
export function exportedAccount(user: StoredUser): ExportAccount {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    invitedByEmail: user.invitedByEmail ?? null,
    dateInvited: user.dateInvited?.toISOString() ?? null,
    emailConfirmed: user.emailConfirmed ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }
}

/**
 * The account part of "Download my data" (gateway → auth, docs/decisions/060-download-my-data.md), for the
 * user the gateway acts for only. The gateway asks for it first, so a deletion under way refuses the whole
 * export before any byte of the archive is sent.
 */
export async function accountExportRoutes(
  app: FastifyInstance,
  options: { users: UsersRepository; bus: EventBus },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const row = internalApi.exportAccount
  routes.get(row.path, internalRouteOptions(row), async (request) => {
    if (!request.identity) throw exportErrors.unauthenticated()
    const user = await options.users.findById(request.identity.userId)
    if (!user) throw exportErrors.notFound()
    if (user.deletionStartedAt) throw exportErrors.beingDeleted()
    // Recorded as the export starts: the archive streams from here, and the person has asked for it.
    await auditExport(options.bus, request, request.identity)
    return exportedAccount(user)
  })
}
