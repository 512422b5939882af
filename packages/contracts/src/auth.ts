import { z } from 'zod'
import { ROLES } from '@app/domain/roles'

/** Plain text only: an operator object or array in a string field fails here (docs/security.md 1). */
const text = (max: number) => z.string().max(max)
const PASSWORD_MAX = 256

export const UserIdSchema = z.coerce.number().int().positive()

/** A user as every auth answer shows one: never a hash or a password. */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
})
export type PublicUser = z.infer<typeof PublicUserSchema>

/**
 * `GET /api/auth/me`: the signed-in user, and whether they have a password they know. An account made by a
 * provider's sign-in has none, and confirms its deletion through a mailed link instead
 * (docs/decisions/066-deletion-link.md). Nothing else about the hash ever leaves auth.
 */
export const SignedInUserSchema = PublicUserSchema.extend({ hasPassword: z.boolean() })
export type SignedInUser = z.infer<typeof SignedInUserSchema>

export const AdminUserSchema = PublicUserSchema.extend({
  invitedBy: z.string().optional(),
  invitedByEmail: z.string().optional(),
  dateInvited: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * `GET /api/admin/user/:id` of a guest only: the derived default password while it still opens the
   * account, else null (decision 033). Never in lists.
   */
  defaultPassword: z.string().nullable().optional(),
  /** False on an account a SCIM client deactivated: it cannot sign in (decision 064). */
  active: z.boolean().optional(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

// Missing fields read as empty, so they get the spec's message rather than a type error.
export const LoginRequestSchema = z.object({
  username: text(320).default(''),
  password: text(PASSWORD_MAX).default(''),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

export const ChangePasswordRequestSchema = z.object({
  currentPassword: text(PASSWORD_MAX),
  newPassword: text(PASSWORD_MAX),
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>

export const ForgotPasswordRequestSchema = z.object({ email: text(320) })
export const ForgotPasswordResponseSchema = z.object({ message: z.string(), resetUrl: z.string().optional() })
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>

export const ResetTokenCheckSchema = z.object({ valid: z.boolean(), message: z.string() })
export type ResetTokenCheck = z.infer<typeof ResetTokenCheckSchema>

export const ResetPasswordRequestSchema = z.object({ token: text(256), newPassword: text(PASSWORD_MAX) })
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>

export const RegisterRequestSchema = z.object({
  username: text(320),
  password: text(PASSWORD_MAX),
  email: text(320),
  name: text(200).optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  role: z.enum(ROLES).optional(),
})
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>

/**
 * `POST /api/auth/register`'s answer. `tookOverGuestAccount`: the address was held by a guest account whose
 * owner never confirmed it; that account (its id, so the profiles shared with it) is now this user's.
 */
export const RegisteredUserSchema = PublicUserSchema.extend({ tookOverGuestAccount: z.boolean().optional() })
export type RegisteredUser = z.infer<typeof RegisteredUserSchema>

/** `POST /api/auth/confirm-email`: the token of a link that confirms a guest account's e-mail address. */
export const ConfirmEmailRequestSchema = z.object({ token: text(256) })

export const UpdateUserRequestSchema = z.object({
  email: text(320).optional(),
  username: text(320).optional(),
  password: text(PASSWORD_MAX).optional(),
})
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>

export const MessageSchema = z.object({ message: z.string() })

/** `GET /api/auth/initial-password`: the derived password while it still opens the account, else null. */
export const InitialPasswordSchema = z.object({
  username: z.string(),
  initialPassword: z.string().nullable(),
})
export type InitialPassword = z.infer<typeof InitialPasswordSchema>
