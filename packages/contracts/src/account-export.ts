import { z } from 'zod'
import { PublicUserSchema } from './auth.ts'
import { ProfileSchema } from './profiles.ts'
import { GuestRoleSchema } from './sharing.ts'

/**
 * "Download my data" (docs/decisions/060-download-my-data.md): the parts each service contributes to the
 * archive, and `data.json`, the archive's machine-readable file, which holds them all. Dates are ISO text.
 */

const IsoDate = z.iso.datetime()
const UserId = z.number().int().positive()

/** The account as auth holds it, without its password hash or any token. */
export const ExportAccountSchema = PublicUserSchema.extend({
  id: UserId,
  /** The e-mail of whoever invited a guest account, and when. */
  invitedByEmail: z.string().nullable(),
  dateInvited: IsoDate.nullable(),
  /** Null: the address came from an administrator, or the account predates confirmations (decision 025). */
  emailConfirmed: z.boolean().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type ExportAccount = z.infer<typeof ExportAccountSchema>

/** A profile the user owns, with the answers of its assessment. */
export const ExportProfileSchema = ProfileSchema
export type ExportProfile = z.infer<typeof ExportProfileSchema>

/**
 * An invitation the user sent (as owner, or forwarding as a guest owner) or received (accepted into their
 * account). Never its token, sealed or hashed.
 */
export const ExportInvitationSchema = z.object({
  id: z.number().int().positive(),
  direction: z.enum(['sent', 'received']),
  profileOwnerId: UserId,
  profileOwnerName: z.string(),
  profileOwnerEmail: z.string(),
  inviterId: UserId,
  inviterName: z.string(),
  inviterEmail: z.string(),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
  /** The invitation it forwards, for a forward. */
  parentInvitationId: z.number().int().positive().nullable(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  createdAt: IsoDate,
  expiresAt: IsoDate,
  acceptedAt: IsoDate.nullable(),
  revokedAt: IsoDate.nullable(),
})
export type ExportInvitation = z.infer<typeof ExportInvitationSchema>

/** Who can see (or could see) the user's profiles: every invitation to them, the user's own and forwards. */
export const ExportAccessSchema = z.object({
  invitationId: z.number().int().positive(),
  guestName: z.string(),
  guestEmail: z.string(),
  guestRole: GuestRoleSchema,
  /** Who sent the invitation: the user, or the guest who forwarded it. */
  viaName: z.string(),
  viaEmail: z.string(),
  forwarded: z.boolean(),
  canSeeNow: z.boolean(),
  invitedAt: IsoDate,
  acceptedAt: IsoDate.nullable(),
  revokedAt: IsoDate.nullable(),
})
export type ExportAccess = z.infer<typeof ExportAccessSchema>

/** One event of the access history of the user's profiles, in the order they happened. */
export const ExportAccessEventSchema = z.object({
  invitationId: z.number().int().positive(),
  parentInvitationId: z.number().int().positive().nullable(),
  kind: z.enum(['invited', 'accepted', 'revoked']),
  at: IsoDate,
  actorName: z.string(),
  actorEmail: z.string(),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  inviteeRole: GuestRoleSchema,
})
export type ExportAccessEvent = z.infer<typeof ExportAccessEventSchema>

/** What the product keeps of what is not in the archive, said in the archive itself. */
export const ExportNotKeptSchema = z.object({
  quickQuestions: z.string(),
  aiQuestions: z.string(),
})

/** `data.json`: everything in the archive, in one document. */
export const AccountExportDataSchema = z.object({
  exportedAt: IsoDate,
  account: ExportAccountSchema,
  profiles: z.array(ExportProfileSchema),
  invitations: z.array(ExportInvitationSchema),
  access: z.array(ExportAccessSchema),
  accessHistory: z.array(ExportAccessEventSchema),
  notKept: ExportNotKeptSchema,
})
export type AccountExportData = z.infer<typeof AccountExportDataSchema>

/** The archive's files other than README.txt, by name: what the OpenAPI page documents. */
export const ACCOUNT_EXPORT_FILES = {
  'data.json': AccountExportDataSchema,
  'account.csv': ExportAccountSchema,
  'profiles.csv': ExportProfileSchema,
  'invitations.csv': ExportInvitationSchema,
  'access.csv': ExportAccessSchema,
  'access-history.csv': ExportAccessEventSchema,
}
