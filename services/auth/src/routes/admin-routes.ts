import type { FastifyInstance, FastifyReply } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { passwordProblem } from '@app/domain/passwords'
import type { EventBus } from '@app/kit/bus/port'
import { REVOKE_USER_HEADER } from '@app/kit/session-headers'
import type { ZodTypeProvider } from '@app/kit/validation'
import { announceUserCreated, announceUserUpdated } from '../user-events.ts'
import { isUnconfirmedGuest, takeOverAddress, type TakeoverDependencies } from '../address-takeover.ts'
import { authErrors } from '../errors.ts'
import { derivedPasswordStillInUse, hashPassword } from '../passwords.ts'
import { normaliseEmail, toAdminUser, type UsersRepository } from '../repositories/users-repository.ts'
import { isGuest } from '@app/domain/roles'
import { isAccountEmail } from '@app/domain/email'
import { userOf } from '@app/kit/service'
import { auditAdministratorEdit, auditTakeover } from '../audit/account-audit.ts'

/** Sends JSON already serialized (a long list) as it is. */
const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json)

function isDuplicate(error: unknown) {
  return (error as Error).name === 'DuplicateKeyError'
}

/** Administrator calls: the gateway admits only administrators, and so does this service. */
export async function adminRoutes(
  app: FastifyInstance,
  options: { users: UsersRepository; bus: EventBus; takeover: TakeoverDependencies },
) {
  const { users, bus } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(api.register.path, apiRouteOptions(api.register), async (request, reply) => {
    const body = request.body
    const username = body.username.trim()
    if (!username || !body.password) throw authErrors.credentialsRequired()
    if (!isAccountEmail(body.email.trim())) throw authErrors.invalidEmail()
    const problem = passwordProblem(body.password, [username, body.email])
    if (problem) throw authErrors.weakPassword(problem)
    const firstName = body.firstName?.trim() ?? ''
    const lastName = body.lastName?.trim() ?? ''
    const account = {
      username,
      email: body.email,
      firstName,
      lastName,
      name: body.name?.trim() || `${firstName} ${lastName}`.trim() || username,
      role: body.role ?? 'standard',
      passwordHash: await hashPassword(body.password),
      // An administrator chose this password, so its owner picks their own at the first login.
      mustChangePassword: true,
    }
    try {
      // An address held by a guest account nobody confirmed is the administrator's to give (decision 025).
      const holder = await users.findByEmail(body.email)
      const taken =
        holder && isUnconfirmedGuest(holder)
          ? await takeOverAddress(options.takeover, holder, account, {
              event: 'register',
              administratorId: request.identity?.userId,
            })
          : null
      if (taken) {
        await auditTakeover(bus, request, holder!, taken)
        return reply.status(201).send({ ...taken, tookOverGuestAccount: true })
      }
      const user = await users.create(account)
      request.log.info(
        { event: 'user_registered', userId: user.id, by: request.identity?.userId },
        'user registered',
      )
      await announceUserCreated(bus, user)
      return reply.status(201).send(user)
    } catch (error) {
      if (isDuplicate(error)) throw authErrors.usernameTaken()
      throw error
    }
  })

  routes.get(api.listUsers.path, apiRouteOptions(api.listUsers), async (_request, reply) =>
    sendJsonText(reply, await users.listText('all')),
  )

  routes.get(api.listGuestUsers.path, apiRouteOptions(api.listGuestUsers), async (_request, reply) =>
    sendJsonText(reply, await users.listText('guests')),
  )

  routes.get(api.getUser.path, apiRouteOptions(api.getUser), async (request) => {
    const user = await users.findById(request.params.id)
    if (!user) throw authErrors.userNotFound()
    if (!isGuest(user.role)) return toAdminUser(user)
    // A guest's derived default password is shown read-only, and only while it still opens the account.
    return { ...toAdminUser(user), defaultPassword: await derivedPasswordStillInUse(user) }
  })

  routes.put(api.updateUser.path, apiRouteOptions(api.updateUser), async (request, reply) => {
    const user = await users.findById(request.params.id)
    if (!user) throw authErrors.userNotFound()
    // Guests' credentials are theirs and their inviter's business, never the administrator's (docs/requirements.md section 6).
    if (isGuest(user.role)) throw authErrors.guestCredentialsLocked()
    const changes: Parameters<UsersRepository['update']>[1] = {}
    const email = request.body.email?.trim()
    const username = request.body.username?.trim()
    if (email !== undefined && email !== '' && normaliseEmail(email) !== user.email) {
      if (!isAccountEmail(email)) throw authErrors.invalidEmail()
      // Changing the e-mail changes the username with it (docs/requirements.md section 5).
      changes.email = email
      changes.username = normaliseEmail(email)
    } else if (
      username &&
      username !== user.username &&
      // The spec's page sends the e-mail as the username with every save: unchanged, it renames nobody.
      normaliseEmail(username) !== user.email
    ) {
      changes.username = username
    }
    const password = request.body.password ?? ''
    if (password.length > 0) {
      const problem = passwordProblem(password, [
        changes.username ?? user.username,
        changes.email ?? user.email,
      ])
      if (problem) throw authErrors.weakPassword(problem)
      changes.passwordHash = await hashPassword(password)
      changes.mustChangePassword = true
    }
    if (Object.keys(changes).length === 0) return toAdminUser(user)
    let updated
    try {
      updated = await users.update(user.id, changes)
    } catch (error) {
      if (isDuplicate(error)) throw authErrors.usernameTaken()
      throw error
    }
    request.log.info(
      {
        event: 'user_edited',
        userId: user.id,
        by: request.identity?.userId,
        fields: Object.keys(changes).filter((field) => field !== 'passwordHash'),
      },
      'user edited by an administrator',
    )
    reply.header(REVOKE_USER_HEADER, String(user.id))
    const administrator = userOf(request)
    await auditAdministratorEdit(
      bus,
      request,
      { id: administrator.userId, role: administrator.role },
      user.id,
      Object.keys(changes),
    )
    await announceUserUpdated(bus, user, updated!)
    return toAdminUser(updated!)
  })
}
