import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { clientAddressOf } from '@app/kit/client-address'
import { passwordProblem } from '@app/domain/passwords'
import { isInDomains } from '@app/domain/sign-in-domains'
import { encodeLoginHeader, LOGIN_HEADER, LOGOUT_HEADER, REVOKE_USER_HEADER } from '@app/kit/session-headers'
import type { ZodTypeProvider } from '@app/kit/validation'
import { userOf } from '@app/kit/service'
import { authErrors } from '../errors.ts'
import { derivedPasswordStillInUse, hashPassword, needsRehash, verifyPassword } from '../passwords.ts'
import { type StoredUser, type UsersRepository } from '../repositories/users-repository.ts'
import type { Throttle } from '../throttle.ts'
import { publishAudit, type AuditRequest } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'

export interface SessionRoutesOptions {
  users: UsersRepository
  loginThrottle: Throttle
  bus: EventBus
  /** A hash verified when the username is unknown, so both failures take the same time (docs/security.md 2). */
  dummyHash: string
  /** Addresses in these domains sign in with their provider only (decision 062). */
  passwordOffDomains: readonly string[]
}

/**
 * A sign-in that failed: the account a known username names, nobody for an unknown one (whose text is never
 * recorded). `throttled` when the login throttle refused it before any password was checked.
 */
async function auditFailedSignIn(
  bus: EventBus,
  request: AuditRequest,
  user: StoredUser | null,
  throttled = false,
): Promise<void> {
  const actor = user ? { id: user.id, role: user.role } : null
  const subject = user ? { userId: user.id } : {}
  const details = throttled ? { throttled: true as const } : {}
  await publishAudit(bus, 'auth', { kind: 'sign-in.failed', actor, subject, details }, request)
}

function loginHeader(user: StoredUser) {
  return encodeLoginHeader({
    id: user.id,
    role: user.role,
    username: user.username,
    mustChangePassword: user.mustChangePassword,
  })
}

export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const { users, loginThrottle, dummyHash, bus, passwordOffDomains } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(api.login.path, apiRouteOptions(api.login), async (request, reply) => {
    const { username, password } = request.body
    if (!username.trim() || !password) throw authErrors.credentialsRequired()
    // The typed address says it before any lookup; an account's own address only once its password is proven.
    if (isInDomains(username.trim(), passwordOffDomains)) throw authErrors.passwordSignInOff()
    const address = clientAddressOf(request.raw)
    // Only the first refusal of each throttle window is recorded (docs/decisions/059-audit-log.md).
    await loginThrottle.admit(username, address, async () =>
      auditFailedSignIn(bus, request, await users.findByUsername(username), true),
    )
    const user = await users.findByUsername(username)
    const valid = await verifyPassword(user?.passwordHash ?? dummyHash, password)
    // An account whose deletion started signs in no more (docs/decisions/061-account-deletion.md).
    if (!user || !valid || user.deletionStartedAt !== undefined) {
      await loginThrottle.failed(username)
      request.log.info({ event: 'login_failed' }, 'login failed')
      await auditFailedSignIn(bus, request, user)
      throw authErrors.invalidCredentials()
    }
    await loginThrottle.succeeded(username, address)
    // Said only to whoever knows the password: a deactivated account is not otherwise told apart (decision 064).
    if (user.active === false) {
      request.log.info({ event: 'login_refused_deactivated', userId: user.id }, 'login refused')
      throw authErrors.accountDeactivated()
    }
    if (isInDomains(user.email, passwordOffDomains)) throw authErrors.passwordSignInOff()
    if (needsRehash(user.passwordHash))
      await users.update(user.id, { passwordHash: await hashPassword(password) })
    request.log.info({ event: 'login', userId: user.id }, 'logged in')
    const actor = { id: user.id, role: user.role }
    await publishAudit(
      bus,
      'auth',
      { kind: 'sign-in.succeeded', actor, subject: { userId: user.id } },
      request,
    )
    reply.header(LOGIN_HEADER, loginHeader(user))
    return user
  })

  routes.post(api.logout.path, apiRouteOptions(api.logout), async (_request, reply) => {
    reply.header(LOGOUT_HEADER, '1')
    return { message: 'Logged out' }
  })

  routes.get(api.me.path, apiRouteOptions(api.me), async (request) => {
    const user = await users.findById(userOf(request).userId)
    if (!user || user.deletionStartedAt !== undefined || user.active === false)
      throw authErrors.unauthenticated()
    // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
    return { ...{}, ...user, hasPassword: user.passwordUnusable !== true }
  })

  // The owner's profile card shows the spec's derived password only while it still opens the account
  // (decision 033), so the owner is prompted to replace it.
  routes.get(api.initialPassword.path, apiRouteOptions(api.initialPassword), async (request) => {
    const user = await users.findById(userOf(request).userId)
    if (!user) throw authErrors.unauthenticated()
    return { username: user.username, initialPassword: await derivedPasswordStillInUse(user) }
  })

  routes.post(api.changePassword.path, apiRouteOptions(api.changePassword), async (request, reply) => {
    const user = await users.findById(userOf(request).userId)
    if (!user) throw authErrors.unauthenticated()
    const { currentPassword, newPassword } = request.body
    const address = clientAddressOf(request.raw)
    await loginThrottle.admit(user.username, address)
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await loginThrottle.failed(user.username)
      throw authErrors.wrongCurrentPassword()
    }
    await loginThrottle.succeeded(user.username, address)
    const problem = passwordProblem(newPassword, [user.username, user.email])
    if (problem) throw authErrors.weakPassword(problem)
    if (newPassword === currentPassword) throw authErrors.samePassword()
    const updated = (await users.update(user.id, {
      passwordHash: await hashPassword(newPassword),
      mustChangePassword: false,
    }))!
    request.log.info({ event: 'password_changed', userId: user.id }, 'password changed')
    const actor = { id: user.id, role: user.role }
    await publishAudit(
      bus,
      'auth',
      { kind: 'password.changed', actor, subject: { userId: user.id } },
      request,
    )
    // Every other session ends; this one continues with a fresh cookie.
    reply.header(REVOKE_USER_HEADER, String(user.id))
    reply.header(LOGIN_HEADER, loginHeader(updated))
    return { message: 'Password changed successfully' }
  })
}
