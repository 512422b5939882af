import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '@app/kit/mailer'
import type { ResetTokensRepository } from './repositories/reset-tokens-repository.ts'
import { credentialStampOf, type StoredUser } from './repositories/users-repository.ts'

/** E-mails sent at once: enough to keep a relay busy without opening a connection per person of a batch. */
const MAILS_IN_FLIGHT = 4

/**
 * E-mails each imported person a one-time link to set their own password (docs/decisions/024-random-first-passwords.md).
 * The link is a reset link: the same token, lifetime and page, so it dies with the password like one.
 * Answers, per user id, whether the e-mail went out; a failure is logged and never stops the others.
 */
export async function sendSetPasswordLinks(
  options: { resetTokens: ResetTokensRepository; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  accounts: StoredUser[],
): Promise<Map<number, boolean>> {
  const sent = new Map<number, boolean>()
  let next = 0
  async function worker() {
    while (next < accounts.length) {
      const user = accounts[next++]!
      try {
        const token = await options.resetTokens.issue(user.id, credentialStampOf(user))
        const link = new URL(
          `/reset-password?token=${encodeURIComponent(token)}`,
          options.publicUrl,
        ).toString()
        await options.mailer.send({
          to: user.email,
          subject: 'Set your Prevue DISC Insights password',
          text: `Hello ${user.firstName || user.name || user.username},\n\nAn administrator created a Prevue DISC Insights account for you. Your username is ${user.username}. To choose your password, open this link within one hour:\n\n${link}\n\nIf the link has expired, use "Forgot password" on the sign-in page to get a new one.\n`,
        })
        sent.set(user.id, true)
      } catch (error) {
        options.log.error({ err: error, userId: user.id }, 'the set-password e-mail could not be sent')
        sent.set(user.id, false)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(MAILS_IN_FLIGHT, accounts.length) }, worker))
  return sent
}
