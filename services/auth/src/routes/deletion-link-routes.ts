import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { clientAddressOf } from '@app/kit/client-address'
import type { Mailer } from '@app/kit/mailer'
import { AppError } from '@app/kit/errors'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { authErrors } from '../errors.ts'
import { accountOfLink } from '../one-time-links.ts'
import type { ResetTokensRepository } from '../repositories/reset-tokens-repository.ts'
import { credentialStampOf, type StoredUser, type UsersRepository } from '../repositories/users-repository.ts'
import type { Throttle } from '../throttle.ts'

export interface DeletionLinkDependencies {
  users: UsersRepository
  resetTokens: ResetTokensRepository
}

export interface DeletionLinkRoutesOptions extends DeletionLinkDependencies {
  mailer: Mailer
  /** The forgot-password limits: each link mailed counts against the account and the client address. */
  mailThrottle: Throttle
  /** Links are built from this, never from the Host header (docs/security.md 21). */
  publicUrl: string
}

/**
 * Refuses a token that is not a live deletion link of `user`: a link is bound to the account it was mailed
 * for, and only that account's own session may use it (docs/decisions/066-deletion-link.md).
 */
export async function checkDeletionLinkOf(
  dependencies: DeletionLinkDependencies,
  token: string,
  user: StoredUser,
): Promise<void> {
  const owner = await accountOfLink(dependencies, token, 'account-deletion')
  if (!owner) throw authErrors.invalidDeletionLink()
  if (owner.id !== user.id) throw authErrors.deletionLinkOfAnotherAccount()
}

async function signedInUser(users: UsersRepository, id: number): Promise<StoredUser> {
  const user = await users.findById(id)
  if (!user || user.deletionStartedAt !== undefined) throw authErrors.userNotFound()
  return user
}

function deletionMail(user: StoredUser, link: string) {
  return {
    to: user.email,
    subject: 'Confirm the deletion of your Prevue DISC Insights account',
    text: `Hello ${user.firstName || user.name || user.username},\n\nYou asked to delete your account. To see what will be deleted and confirm it, open this link within one hour, signed in to this account:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your account stays as it is.\n`,
  }
}

/**
 * A mailed link that confirms the deletion of an account without a usable password, in place of the password
 * (docs/decisions/066-deletion-link.md). The token is a reset token of its own purpose: hashed at rest, one
 * hour, single use, voided by a change of credentials.
 */
export async function deletionLinkRoutes(app: FastifyInstance, options: DeletionLinkRoutesOptions) {
  const { users, resetTokens, mailer, mailThrottle } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(api.sendDeletionLink.path, apiRouteOptions(api.sendDeletionLink), async (request) => {
    const user = await signedInUser(users, userOf(request).userId)
    if (user.passwordUnusable !== true) throw authErrors.accountHasPassword()
    await mailThrottle.admit(user.username, clientAddressOf(request.raw))
    await mailThrottle.failed(user.username)
    const token = await resetTokens.issue(user.id, credentialStampOf(user), 'account-deletion')
    const link = new URL(`/delete-account?token=${encodeURIComponent(token)}`, options.publicUrl)
    try {
      await mailer.send(deletionMail(user, link.toString()))
    } catch (error) {
      request.log.error({ err: error }, 'the deletion link could not be mailed')
      throw authErrors.mailNotSent()
    }
    request.log.info({ event: 'deletion_link_sent', userId: user.id }, 'deletion link mailed')
    return {
      message: `A link to confirm the deletion has been sent to ${user.email}. It works for one hour.`,
    }
  })

  routes.get(api.checkDeletionLink.path, apiRouteOptions(api.checkDeletionLink), async (request) => {
    const user = await signedInUser(users, userOf(request).userId)
    try {
      await checkDeletionLinkOf(options, request.params.token, user)
      return { valid: true, message: 'The deletion link is valid' }
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return { valid: false, message: error.message }
    }
  })
}
