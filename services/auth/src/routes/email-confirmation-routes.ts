import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import type { ZodTypeProvider } from '@app/kit/validation'
import { authErrors } from '../errors.ts'
import type { Mailer } from '@app/kit/mailer'
import type { EmailConfirmationsRepository } from '../repositories/email-confirmations-repository.ts'
import { normaliseEmail, type StoredUser, type UsersRepository } from '../repositories/users-repository.ts'

export interface AddressConfirmationOptions {
  users: UsersRepository
  confirmations: EmailConfirmationsRepository
  mailer: Mailer
  /** Links are built from this, never from the Host header. */
  publicUrl: string
}

/**
 * Confirming the address of a guest account made by accepting an invitation (decision 025): whoever holds
 * an invitation link can accept it, so only a link mailed to the address shows the account's holder reads
 * that mailbox. Until then an administrator's import or register of the address takes the account over.
 */
export function createAddressConfirmation(options: AddressConfirmationOptions) {
  const pending = new Set<Promise<unknown>>()

  async function mail(user: StoredUser, log: FastifyBaseLogger) {
    const token = await options.confirmations.issue(user.id, user.email)
    const link = new URL(`/confirm-email?token=${encodeURIComponent(token)}`, options.publicUrl).toString()
    await options.mailer.send({
      to: user.email,
      subject: 'Confirm your Prevue DISC Insights e-mail address',
      text: `Hello ${user.firstName || user.name || user.username},\n\nYou accepted an invitation to Prevue DISC Insights with this e-mail address. To confirm that the address is yours, open this link within 14 days:\n\n${link}\n\nUntil it is confirmed, an administrator who adds this address to the platform takes the account over. If you did not accept an invitation, you can ignore this e-mail.\n`,
    })
    log.info({ event: 'email_confirmation_sent', userId: user.id }, 'e-mail confirmation link sent')
  }

  return {
    /** Mails the link after the answer: an acceptance never waits for the mail server. */
    request(user: StoredUser, log: FastifyBaseLogger): void {
      const work: Promise<unknown> = mail(user, log)
        .catch((error: unknown) =>
          log.error({ err: error, userId: user.id }, 'the confirmation e-mail failed'),
        )
        .finally(() => pending.delete(work))
      pending.add(work)
    },
    /** Waits for the e-mails under way (a clean stop). */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending])
    },
    /** `POST /api/auth/confirm-email`: the link's page sends its token. */
    async routes(app: FastifyInstance) {
      const routes = app.withTypeProvider<ZodTypeProvider>()
      routes.post(api.confirmEmail.path, apiRouteOptions(api.confirmEmail), async (request) => {
        const confirmed = await options.confirmations.consume(request.body.token)
        const user = confirmed ? await options.users.findById(confirmed.userId) : null
        // A link confirms the address it was mailed to, never one the account has moved to since.
        if (!confirmed || !user || normaliseEmail(user.email) !== confirmed.email)
          throw authErrors.invalidConfirmationLink()
        if (user.emailConfirmed === false)
          await options.users.update(user.id, { emailConfirmed: true }, { where: { emailConfirmed: false } })
        request.log.info({ event: 'email_confirmed', userId: user.id }, 'e-mail address confirmed')
        return { message: 'Your e-mail address is confirmed.' }
      })
    },
  }
}
export type AddressConfirmation = ReturnType<typeof createAddressConfirmation>
