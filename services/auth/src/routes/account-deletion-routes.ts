import type { FastifyInstance, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { clientAddressOf } from '@app/kit/client-address'
import { userOf } from '@app/kit/service'
import { LOGOUT_HEADER, REVOKE_USER_HEADER } from '@app/kit/session-headers'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { EventBus } from '@app/kit/bus/port'
import type { AccountDeletion } from '../account-deletion.ts'
import { isLastAdministrator } from '../administrators.ts'
import { auditDeletion } from '../audit/account-audit.ts'
import { authErrors } from '../errors.ts'
import { verifyPassword } from '../passwords.ts'
import type { ResetTokensRepository } from '../repositories/reset-tokens-repository.ts'
import type { StoredUser, UsersRepository } from '../repositories/users-repository.ts'
import type { Throttle } from '../throttle.ts'
import { checkDeletionLinkOf } from './deletion-link-routes.ts'

export interface AccountDeletionRoutesOptions {
  users: UsersRepository
  resetTokens: ResetTokensRepository
  deletion: AccountDeletion
  loginThrottle: Throttle
  bus: EventBus
}

/** An account that is gone, or whose deletion started, is not there to delete again: 404, nothing changes. */
async function deletableUser(users: UsersRepository, id: number): Promise<StoredUser> {
  const user = await users.findById(id)
  if (!user || user.deletionStartedAt !== undefined) throw authErrors.userNotFound()
  return user
}

/** Asked before a deletion link or a password guess is used up; `deletion.delete` asks again under its key. */
async function refuseLastAdministrator(users: UsersRepository, user: StoredUser): Promise<void> {
  if (await isLastAdministrator(users, user)) throw authErrors.lastAdministrator()
}

const answer = (user: StoredUser, completed: boolean) => ({
  message: completed
    ? 'The account has been deleted'
    : 'The account is being deleted; it can no longer sign in, and the rest follows shortly',
  userId: user.id,
  completed,
})

async function confirmWithPassword(
  loginThrottle: Throttle,
  request: FastifyRequest,
  user: StoredUser,
  password: string,
): Promise<void> {
  const address = clientAddressOf(request.raw)
  // A guess at the password here costs what one at sign-in does (decision 022).
  await loginThrottle.admit(user.username, address)
  if (!(await verifyPassword(user.passwordHash, password))) {
    await loginThrottle.failed(user.username)
    throw authErrors.wrongCurrentPassword()
  }
  await loginThrottle.succeeded(user.username, address)
}

/** Deleting one's own account, or an administrator deleting any (docs/decisions/061-account-deletion.md). */
export async function accountDeletionRoutes(app: FastifyInstance, options: AccountDeletionRoutesOptions) {
  const { users, resetTokens, deletion, loginThrottle, bus } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.delete(api.deleteAccount.path, apiRouteOptions(api.deleteAccount), async (request, reply) => {
    const user = await deletableUser(users, userOf(request).userId)
    // Confirmed by the password, or by a mailed link for an account without one (docs/decisions/066-deletion-link.md).
    const { token: link, password } = request.body
    if (typeof link === 'string') await checkDeletionLinkOf(options, link, user)
    else await confirmWithPassword(loginThrottle, request, user, password ?? '')
    await refuseLastAdministrator(users, user)
    // Used only now, after every check, and atomically: of two concurrent confirmations exactly one deletes.
    if (typeof link === 'string' && (await resetTokens.consume(link, 'account-deletion')) !== user.id)
      throw authErrors.invalidDeletionLink()
    const started = await deletion.delete(user, user.id)
    if (started === 'last-administrator') throw authErrors.lastAdministrator()
    if (!started) throw authErrors.userNotFound()
    await auditDeletion(bus, request, { id: user.id, role: user.role }, user.id)
    reply.header(REVOKE_USER_HEADER, String(user.id))
    reply.header(LOGOUT_HEADER, '1')
    return answer(user, started.completed)
  })

  routes.delete(api.deleteUser.path, apiRouteOptions(api.deleteUser), async (request, reply) => {
    const user = await deletableUser(users, request.params.id)
    const administrator = userOf(request)
    const administratorId = administrator.userId
    const started = await deletion.delete(user, administratorId)
    if (started === 'last-administrator') throw authErrors.lastAdministrator()
    if (!started) throw authErrors.userNotFound()
    await auditDeletion(bus, request, { id: administratorId, role: administrator.role }, user.id)
    reply.header(REVOKE_USER_HEADER, String(user.id))
    if (user.id === administratorId) reply.header(LOGOUT_HEADER, '1')
    return answer(user, started.completed)
  })
}
