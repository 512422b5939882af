import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'
import { hashOneTimeToken as hashToken, newOneTimeToken } from '../one-time-token.ts'

export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000

const ResetTokenSchema = z.object({
  /** Only the SHA-256 of the token is kept: a leaked database holds no usable link. */
  tokenHash: z.string().length(64),
  userId: z.number().int(),
  /**
   * The user's credentials when the link was asked for (credentialStampOf): a change of password, e-mail or
   * username by anyone voids the link, whatever path made it. Tokens stored before it had none: void too.
   */
  credentialStamp: z.string().optional(),
  /**
   * What the link does: absent, reset the password; 'account-deletion', confirm the account's deletion
   * (docs/decisions/066-deletion-link.md). A token works only for its own purpose.
   */
  purpose: z.literal('account-deletion').optional(),
  expiresAt: z.date(),
  usedAt: z.date().optional(),
  createdAt: z.date(),
})

/** What a one-time link of auth's does; 'reset' is stored as no purpose, as every token before 066 was. */
export type LinkPurpose = 'reset' | 'account-deletion'
const purposeFilter = (purpose: LinkPurpose) =>
  purpose === 'reset' ? { purpose: { $exists: false } } : { purpose }

export async function createResetTokensRepository(store: DocumentStore, now: () => number = Date.now) {
  const tokens = await store.collection('reset_tokens', {
    schema: ResetTokenSchema,
    idKind: 'uuid',
    indexes: [{ field: 'tokenHash', unique: true }, { field: 'userId' }],
  })
  return {
    /** A new token voids the user's older ones of the same purpose (decision 040). */
    async issue(userId: number, credentialStamp: string, purpose: LinkPurpose = 'reset'): Promise<string> {
      await tokens.deleteMany({ userId, ...purposeFilter(purpose) })
      const token = newOneTimeToken()
      await tokens.insert({
        tokenHash: hashToken(token),
        userId,
        credentialStamp,
        ...(purpose === 'reset' ? {} : { purpose }),
        expiresAt: new Date(now() + RESET_TOKEN_LIFETIME_MS),
        createdAt: new Date(now()),
      })
      return token
    },
    /**
     * The user the token resets and the credentials it was issued for, if it is unused and unexpired; the
     * caller compares the stamp with the user's current one.
     */
    async check(
      token: string,
      purpose: LinkPurpose = 'reset',
    ): Promise<{ userId: number; credentialStamp: string } | null> {
      const found = await tokens.findOne({
        tokenHash: hashToken(token),
        usedAt: { $exists: false },
        ...purposeFilter(purpose),
      })
      if (!found?.credentialStamp || found.expiresAt.getTime() <= now()) return null
      return { userId: found.userId, credentialStamp: found.credentialStamp }
    },
    /** Marks the token used; of two concurrent calls exactly one gets the user id. */
    async consume(token: string, purpose: LinkPurpose = 'reset'): Promise<number | null> {
      const used = await tokens.updateOne(
        {
          tokenHash: hashToken(token),
          usedAt: { $exists: false },
          expiresAt: { $gt: new Date(now()) },
          ...purposeFilter(purpose),
        },
        { $set: { usedAt: new Date(now()) } },
      )
      if (!used) return null
      await tokens.deleteMany({ userId: used.userId, usedAt: { $exists: false }, ...purposeFilter(purpose) })
      return used.userId
    },
    /** Every token of the user, used or not: their account is being deleted. */
    async voidFor(userId: number): Promise<void> {
      await tokens.deleteMany({ userId })
    },
  }
}
export type ResetTokensRepository = Awaited<ReturnType<typeof createResetTokensRepository>>
