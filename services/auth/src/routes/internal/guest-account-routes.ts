import type { FastifyInstance } from 'fastify'
import { internalApi } from '@app/contracts/internal'
import { passwordProblem } from '@app/domain/passwords'
import type { EventBus } from '@app/kit/bus/port'
import { clientAddressOf } from '@app/kit/client-address'
import { internalRouteOptions } from '@app/kit/api-route'
import { AppError } from '@app/kit/errors'
import type { ZodTypeProvider } from '@app/kit/validation'
import { announceUserCreated, announceUserUpdated } from '../../user-events.ts'
import type { AddressConfirmation } from '../email-confirmation-routes.ts'
import { hashPassword, verifyPassword } from '../../passwords.ts'
import type { StoredUser, UsersRepository } from '../../repositories/users-repository.ts'
import type { Throttle } from '../../throttle.ts'
import { authErrors } from '../../errors.ts'

const guestErrors = {
  passwordRequired: () =>
    new AppError(400, 'AUTH_PASSWORD_REQUIRED', 'Choose a password of at least 6 characters'),
  signInRequired: () =>
    new AppError(
      401,
      'AUTH_INVITEE_SIGN_IN_REQUIRED',
      'An account with this e-mail already exists: enter its password, or sign in to it, to accept',
    ),
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length < 2) return { firstName: parts[0] ?? '', lastName: '' }
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! }
}

const sessionUserOf = (user: StoredUser) => ({
  id: user.id,
  role: user.role,
  username: user.username,
  mustChangePassword: user.mustChangePassword,
})

/**
 * Accounts for accepted invitations (sharing → auth, decision 034). The username is the invitee's
 * e-mail and the role is the invitation's, which sharing sends; a request's own role never reaches here.
 * An existing account with that e-mail is found and left as it is: its holder proves it is theirs by being
 * signed in to it (the call acts for them) or by its password. The one change is a promotion: a
 * guest_standard invited as guest_owner becomes guest_owner; no other role is raised or lowered.
 */
export async function guestAccountRoutes(
  app: FastifyInstance,
  options: {
    users: UsersRepository
    bus: EventBus
    loginThrottle: Throttle
    addressConfirmation: AddressConfirmation
  },
) {
  const { users, bus, loginThrottle, addressConfirmation } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  const { userContact, findOrCreateGuest } = internalApi
  routes.get(userContact.path, internalRouteOptions(userContact), async (request) => {
    const user = await users.findById(request.params.id)
    if (!user) throw new AppError(404, 'AUTH_USER_NOT_FOUND', 'User not found')
    return { id: user.id, name: user.name || user.username, email: user.email, role: user.role }
  })

  routes.post(findOrCreateGuest.path, internalRouteOptions(findOrCreateGuest), async (request) => {
    const { email, name, role, password, invitedBy, invitedAt } = request.body
    const signedIn = request.identity
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const existing = (await users.findByEmail(email)) ?? (await users.findByUsername(email))
      if (existing) {
        const provenBySession = signedIn?.userId === existing.id
        let provenByPassword = false
        if (!provenBySession && password !== undefined) {
          // The same limit as logging in: an invitation to someone's address must not open a side door
          // for guessing their password.
          // The invitee's address, which sharing passes on from the gateway (client-address.ts).
          const address = clientAddressOf(request.raw)
          await loginThrottle.admit(existing.username, address)
          provenByPassword = await verifyPassword(existing.passwordHash, password)
          if (provenByPassword) await loginThrottle.succeeded(existing.username, address)
          else await loginThrottle.failed(existing.username)
        }
        if (!provenBySession && !provenByPassword) throw guestErrors.signInRequired()
        // Accepting an invitation signs the invitee in: never into an account SCIM deactivated (decision 064).
        if (existing.active === false) throw authErrors.accountDeactivated()
        if (existing.role === 'guest_standard' && role === 'guest_owner') {
          const promoted = (await users.update(existing.id, { role: 'guest_owner' }))!
          await announceUserUpdated(bus, existing, promoted)
          request.log.info({ event: 'guest_promoted', userId: existing.id }, 'guest promoted to guest_owner')
          return { user: sessionUserOf(promoted), created: false, promoted: true }
        }
        return { user: sessionUserOf(existing), created: false, promoted: false }
      }
      if (typeof password !== 'string') throw guestErrors.passwordRequired()
      const problem = passwordProblem(password, [email])
      if (problem) throw new AppError(400, 'AUTH_WEAK_PASSWORD', problem)
      try {
        const user = await users.create({
          username: email.trim().toLowerCase(),
          email,
          ...splitName(name),
          name: name.trim(),
          role,
          passwordHash: await hashPassword(password),
          // The invitee chose this password themselves.
          mustChangePassword: false,
          invitedBy: invitedBy.name,
          invitedByEmail: invitedBy.email,
          // When the invitation was sent, not when it was accepted.
          dateInvited: invitedAt ? new Date(invitedAt) : new Date(),
          // The link that made it may have been copied: only a link mailed to the address confirms it (decision 025).
          emailConfirmed: false,
        })
        addressConfirmation.request(user, request.log)
        request.log.info({ event: 'guest_created', userId: user.id, role }, 'guest account created')
        await announceUserCreated(bus, user)
        return { user: sessionUserOf(user), created: true, promoted: false }
      } catch (error) {
        // Two acceptances raced: the other created the account, so this one finds it on the next round.
        if ((error as Error).name !== 'DuplicateKeyError') throw error
      }
    }
    throw guestErrors.signInRequired()
  })
}
