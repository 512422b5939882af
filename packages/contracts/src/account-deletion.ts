import { z } from 'zod'

/**
 * Deleting an account (docs/decisions/061-account-deletion.md). `DELETE /api/account` is confirmed with the
 * current password, or, for an account without a usable password, with the token of a mailed link
 * (docs/decisions/066-deletion-link.md): exactly one of the two. A body with neither reads as an empty password.
 */
export const DeleteAccountRequestSchema = z
  .object({
    password: z.string().max(256).optional(),
    token: z.string().min(1).max(256).optional(),
  })
  .refine((body) => body.password === undefined || body.token === undefined, {
    message: 'Send either the password or the link, not both',
  })
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>

/** The answer to asking for a deletion link: where it went, in words. */
export const DeletionLinkSentSchema = z.object({ message: z.string() })
export type DeletionLinkSent = z.infer<typeof DeletionLinkSentSchema>

export const DeletionLinkParamsSchema = z.object({ token: z.string().max(256) })

/** Whether a deletion link still works for the signed-in account, before its page offers the button. */
export const DeletionLinkCheckSchema = z.object({ valid: z.boolean(), message: z.string() })
export type DeletionLinkCheck = z.infer<typeof DeletionLinkCheckSchema>

/**
 * What a deletion answers: `completed` is false when the bus could not take the event yet; the account is
 * marked, can no longer sign in, and auth finishes the deletion when the bus is back.
 */
export const AccountDeletedSchema = z.object({
  message: z.string(),
  userId: z.number().int().positive(),
  completed: z.boolean(),
})
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>

/**
 * Written by auth to the shared key-value store before a deletion answers: profiles leaves out the grants of
 * a marked owner on the guest's very next request, as it does with sharing's revocation marks (decision 012),
 * before `users.deleted.v1` reaches it.
 */
export const deletedUserKey = (userId: number) => `auth:deleted-user:${userId}`
export const DELETED_USER_MARK_TTL_MS = 400 * 24 * 60 * 60 * 1000
