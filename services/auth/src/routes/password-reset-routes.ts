import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { clientAddressOf } from '@app/kit/client-address'
import { passwordProblem } from '@app/domain/passwords'
import { REVOKE_USER_HEADER } from '@app/kit/session-headers'
import type { ZodTypeProvider } from '@app/kit/validation'
import { authErrors } from '../errors.ts'
import type { Mailer } from '@app/kit/mailer'
import { accountOfLink } from '../one-time-links.ts'
import { hashPassword } from '../passwords.ts'
import type { ResetTokensRepository } from '../repositories/reset-tokens-repository.ts'
import { credentialStampOf, type UsersRepository } from '../repositories/users-repository.ts'
import type { Throttle } from '../throttle.ts'
import { isAccountEmail } from '@app/domain/email'
import { publishAudit } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'

export interface PasswordResetRoutesOptions {
  users: UsersRepository
  bus: EventBus
  resetTokens: ResetTokensRepository
  mailer: Mailer
  forgotThrottle: Throttle
  /** Links are built from this, never from the Host header (docs/security.md 21). */
  publicUrl: string
  /** In development the answer carries the link, so the page can show it. */
  exposeResetUrl: boolean
}

const FORGOT_ANSWER =
  'If an account exists for that e-mail address, a password reset link has been sent to it.'

export async function passwordResetRoutes(app: FastifyInstance, options: PasswordResetRoutesOptions) {
  const { users, resetTokens, mailer } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  /** Issues a token and e-mails the link when the address has an account; the link, for development answers. */
  async function sendResetLink(email: string, log: FastifyBaseLogger): Promise<string | null> {
    const user = await users.findByEmail(email)
    if (!user) return null
    const token = await resetTokens.issue(user.id, credentialStampOf(user))
    const resetUrl = new URL(
      `/reset-password?token=${encodeURIComponent(token)}`,
      options.publicUrl,
    ).toString()
    try {
      await mailer.send({
        to: user.email,
        subject: 'Reset your Prevue DISC Insights password',
        text: `Hello ${user.firstName || user.name || user.username},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${resetUrl}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays as it is.\n`,
      })
    } catch (error) {
      // The same answer whether or not mail works, so the answer tells nothing about the account (docs/security.md 20).
      log.error({ err: error }, 'the reset e-mail could not be sent')
    }
    return resetUrl
  }

  // Work started after an answer: closing the app waits for it, so no e-mail is cut off half-way.
  const pending = new Set<Promise<unknown>>()
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending])
  })

  routes.post(api.forgotPassword.path, apiRouteOptions(api.forgotPassword), async (request) => {
    const email = request.body.email.trim()
    if (!isAccountEmail(email)) throw authErrors.invalidEmail()
    // Each request counts against the address, and against the mailbox as a whole.
    await options.forgotThrottle.admit(email, clientAddressOf(request.raw))
    await options.forgotThrottle.failed(email)
    if (options.exposeResetUrl) {
      // Development only: the page shows the link, so this answer waits for it.
      const resetUrl = await sendResetLink(email, request.log)
      return resetUrl ? { message: FORGOT_ANSWER, resetUrl } : { message: FORGOT_ANSWER }
    }
    // Answered before the lookup, the token and the e-mail, so its timing tells nothing about the account
    // (docs/security.md 20). The work starts once the answer is on its way.
    const log = request.log
    const work: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(() => sendResetLink(email, log))
      .catch((error: unknown) => log.error({ err: error }, 'the reset link could not be issued'))
      .finally(() => pending.delete(work))
    pending.add(work)
    return { message: FORGOT_ANSWER }
  })

  /** The account a token resets, if the token is live and the account's credentials are still those it was asked for. */
  const accountOf = (token: string) => accountOfLink({ resetTokens, users }, token, 'reset')

  routes.get(api.checkResetToken.path, apiRouteOptions(api.checkResetToken), async (request) => {
    return (await accountOf(request.params.token)) === null
      ? { valid: false, message: 'Invalid or expired reset link' }
      : { valid: true, message: 'The reset link is valid' }
  })

  routes.post(api.resetPassword.path, apiRouteOptions(api.resetPassword), async (request, reply) => {
    const { token, newPassword } = request.body
    if (!token) throw authErrors.missingToken()
    const user = await accountOf(token)
    if (!user) throw authErrors.invalidToken()
    const problem = passwordProblem(newPassword, [user.username, user.email])
    if (problem) throw authErrors.weakPassword(problem)
    const passwordHash = await hashPassword(newPassword)
    // Consumed only now, after the checks, and atomically: of two concurrent submits exactly one succeeds.
    if ((await resetTokens.consume(token)) !== user.id) throw authErrors.invalidToken()
    // Only if nobody changed the credentials meanwhile. A forced change an administrator set stays: the
    // link proves the mailbox, not the administrator's consent.
    if (!(await users.update(user.id, { passwordHash }, { unchangedSince: user })))
      throw authErrors.invalidToken()
    request.log.info({ event: 'password_reset', userId: user.id }, 'password reset')
    reply.header(REVOKE_USER_HEADER, String(user.id))
    const actor = { id: user.id, role: user.role }
    await publishAudit(
      options.bus,
      'auth',
      { kind: 'password.reset', actor, subject: { userId: user.id } },
      request,
    )
    return { message: 'Your password has been reset. You can now log in.' }
  })
}
