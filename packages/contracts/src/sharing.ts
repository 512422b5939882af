import { z } from 'zod'
import { GUEST_ROLES, ROLES } from '@app/domain/roles'
import { DEFAULT_INVITEE_ROLE } from './sharing-values.ts'

export { DEFAULT_INVITEE_ROLE, SHARING_MESSAGES } from './sharing-values.ts'

/**
 * Invitations and sharing (docs/requirements.md sections 2-8, decisions 034, 040 and 044).
 * Bodies are strict: an unknown field, an operator object or an array where text belongs is a 400.
 */

export const GuestRoleSchema = z.enum(GUEST_ROLES)
export type GuestRole = z.infer<typeof GuestRoleSchema>

/** Invitation links expire after 14 days (decision 10). */
export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000
export const INVITEE_NAME_MAX = 200
export const INVITEE_EMAIL_MAX = 320
export const ACCEPT_PASSWORD_MAX = 256

export const InvitationIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
export const InvitationIdParamsSchema = z.object({ id: InvitationIdSchema })
export const InvitationTokenParamsSchema = z.object({ token: z.string().max(256) })

/**
 * `POST /api/invitations`. The name and e-mail are checked by the service so that their messages are the
 * spec's own ('Missing information', 'Invalid email'). `originalOwnerId` names the profile a guest owner
 * forwards; the server decides the owner and, for forwards, the role (always guest_standard).
 */
export const CreateInvitationRequestSchema = z.strictObject({
  inviteeName: z.string().max(INVITEE_NAME_MAX).default(''),
  inviteeEmail: z.string().max(INVITEE_EMAIL_MAX).default(''),
  inviteeRole: GuestRoleSchema.default(DEFAULT_INVITEE_ROLE),
  originalOwnerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequestSchema>

export const PersonRefSchema = z.object({ name: z.string(), email: z.string() })

/** An invitation as its sender sees it. `token` and `link` are there while the link can still be used. */
export const InvitationSchema = z.object({
  id: z.number().int(),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
  /** The user id of the profile owner at the root of the chain. */
  ownerId: z.number().int(),
  /** Who sent it: the owner, or a guest owner forwarding. */
  invitedBy: z.number().int(),
  parentInvitationId: z.number().int().nullable(),
  /** On forwards: whose profile it is. */
  sharedVia: z.object({ ownerName: z.string(), ownerEmail: z.string() }).optional(),
  accepted: z.boolean(),
  acceptedUserId: z.number().int().nullable(),
  created: z.string(),
  expiresAt: z.string(),
  token: z.string().nullable(),
  link: z.string().nullable(),
})
export type Invitation = z.infer<typeof InvitationSchema>
export const InvitationListSchema = z.array(InvitationSchema)

/** `ownerName` is who invited them (the spec's field); `profileOwnerName` whose profile it is. */
export const InvitationDetailsSchema = z.object({
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  ownerName: z.string(),
  profileOwnerName: z.string(),
  expiresAt: z.string(),
})
export type InvitationDetails = z.infer<typeof InvitationDetailsSchema>

/** With a password when the invitee has no account (or is not signed in to it); empty when signed in. */
export const AcceptInvitationRequestSchema = z
  .strictObject({ password: z.string().max(ACCEPT_PASSWORD_MAX).optional() })
  .nullish()
export const AcceptInvitationResponseSchema = z.object({ redirectTo: z.string() })
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>

export const RevokeInvitationResponseSchema = z.object({
  message: z.string(),
  /** Every invitation ended: the one named and every forward below it. */
  revokedInvitationIds: z.array(z.number().int()),
})

/** `GET /api/invitations/history?ownerId=`: administrators may name an owner; everyone else sees their own. */
export const AccessHistoryQuerySchema = z.object({
  ownerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})

/**
 * One invitation of an owner's sharing tree, from the append-only history records: who was invited, by
 * whom, when, accepted when, revoked when and by whom. Entries come in tree order; `depth` 0 is the owner's
 * own invitation, 1 a forward of it, and so on.
 */
export const AccessHistoryEntrySchema = z.object({
  invitationId: z.number().int(),
  parentInvitationId: z.number().int().nullable(),
  depth: z.number().int().min(0),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
  invitedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedUserId: z.number().int().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type AccessHistoryEntry = z.infer<typeof AccessHistoryEntrySchema>
export const AccessHistorySchema = z.object({
  ownerId: z.number().int(),
  entries: z.array(AccessHistoryEntrySchema),
})
export type AccessHistory = z.infer<typeof AccessHistorySchema>

/**
 * The revocation mark sharing writes to the shared key-value store before a revoke answers; profiles
 * refuses a grant with a mark even before the access.revoked.v1 event reaches it (decision record 012).
 */
export const revokedGrantKey = (invitationId: number) => `sharing:revoked-grant:${invitationId}`
export const REVOKED_GRANT_MARK_TTL_MS = 400 * 24 * 60 * 60 * 1000

/** Internal (sharing → auth): the account an accepted invitation signs in to; see auth's internal routes. */
export const GuestAccountRequestSchema = z.strictObject({
  email: z.string().max(INVITEE_EMAIL_MAX),
  name: z.string().max(INVITEE_NAME_MAX),
  /** The invitation's role, never the accepting request's. */
  role: GuestRoleSchema,
  password: z.string().max(ACCEPT_PASSWORD_MAX).optional(),
  invitedBy: PersonRefSchema,
  /** When the invitation was sent: a new guest's "Date invited". */
  invitedAt: z.string().datetime().optional(),
})
export type GuestAccountRequest = z.infer<typeof GuestAccountRequestSchema>
export const GuestAccountResponseSchema = z.object({
  user: z.object({
    id: z.number().int().positive(),
    role: z.enum(ROLES),
    username: z.string(),
    mustChangePassword: z.boolean(),
  }),
  created: z.boolean(),
  /** A guest_standard account raised to guest_owner by this invitation: its older sessions end. */
  promoted: z.boolean(),
})
export type GuestAccountResponse = z.infer<typeof GuestAccountResponseSchema>
/** Internal (sharing → auth): the name and e-mail shown for a user (an inviter, an owner). */
export const UserContactSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
})
export type UserContact = z.infer<typeof UserContactSchema>
