import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'
import { hashOneTimeToken, newOneTimeToken } from '../one-time-token.ts'

/** A confirmation link lives as long as an invitation link: a guest may read their mail days later. */
export const EMAIL_CONFIRMATION_LIFETIME_MS = 14 * 24 * 60 * 60_000

const EmailConfirmationSchema = z.object({
  tokenHash: z.string().length(64),
  userId: z.number().int(),
  /** The address the link was mailed to: a link confirms only the address it reached. */
  email: z.string(),
  expiresAt: z.date(),
  usedAt: z.date().optional(),
  createdAt: z.date(),
})

/**
 * Links that confirm a guest account's e-mail (docs/decisions/025-unconfirmed-guest-addresses.md): single
 * use, stored hashed, one live link per account.
 */
export async function createEmailConfirmationsRepository(store: DocumentStore, now: () => number = Date.now) {
  const confirmations = await store.collection('email_confirmations', {
    schema: EmailConfirmationSchema,
    idKind: 'uuid',
    indexes: [{ field: 'tokenHash', unique: true }, { field: 'userId' }],
  })
  return {
    /** A new link voids the account's older ones. */
    async issue(userId: number, email: string): Promise<string> {
      await confirmations.deleteMany({ userId })
      const token = newOneTimeToken()
      await confirmations.insert({
        tokenHash: hashOneTimeToken(token),
        userId,
        email,
        expiresAt: new Date(now() + EMAIL_CONFIRMATION_LIFETIME_MS),
        createdAt: new Date(now()),
      })
      return token
    },
    /** Marks the link used; of two concurrent calls exactly one gets its account and address. */
    async consume(token: string): Promise<{ userId: number; email: string } | null> {
      const used = await confirmations.updateOne(
        {
          tokenHash: hashOneTimeToken(token),
          usedAt: { $exists: false },
          expiresAt: { $gt: new Date(now()) },
        },
        { $set: { usedAt: new Date(now()) } },
      )
      return used ? { userId: used.userId, email: used.email } : null
    },
    /** Voids an account's links: its address changed hands or was confirmed another way. */
    async voidFor(userId: number): Promise<void> {
      await confirmations.deleteMany({ userId })
    },
  }
}
export type EmailConfirmationsRepository = Awaited<ReturnType<typeof createEmailConfirmationsRepository>>
