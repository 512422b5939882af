import { z } from 'zod'

/**
 * Deleting an account (docs/decisions/061-account-deletion.md). `DELETE /api/account` is confirmed with the
 * current password; every account has one (imports hash a random one until a link sets the person's own).
 */
export const DeleteAccountRequestSchema = z.object({ password: z.string().max(256).default('') })
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>

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
