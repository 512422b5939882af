import { z } from 'zod'
import { ROLES } from '@app/domain/roles'
import type { ServiceName } from './services.ts'

/**
 * The audit log (docs/decisions/059-audit-log.md): what an employer must be able to show, published by the
 * service where it happened and stored by auth. Records name fields and count rows; they never carry a value
 * of a secret (a password, token, cookie or link), and the schemas below refuse any key they do not list.
 */
export const AUDIT_KINDS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'password.changed',
  'password.reset',
  'user.edited',
  'role.changed',
  'import.completed',
  'invitation.created',
  'invitation.accepted',
  'invitation.revoked',
  'account.exported',
  'account.deleted',
] as const
export const AuditKindSchema = z.enum(AUDIT_KINDS)
export type AuditKind = z.infer<typeof AuditKindSchema>

/**
 * One topic per publishing service, all carrying `AuditRecordedSchema`: a consumer honours a topic only when
 * its one publisher signed it (decision 021), so no service can record what happened in another.
 */
export const AUDIT_TOPICS = {
  auth: 'audit.auth-recorded.v1',
  import: 'audit.import-recorded.v1',
  sharing: 'audit.sharing-recorded.v1',
} as const satisfies Partial<Record<ServiceName, string>>
export type AuditPublisher = keyof typeof AUDIT_TOPICS

/** The kinds each publisher may record: the consumer refuses any other from its topic. */
export const AUDIT_KINDS_BY_PUBLISHER: Record<AuditPublisher, readonly AuditKind[]> = {
  auth: [
    'sign-in.succeeded',
    'sign-in.failed',
    'password.changed',
    'password.reset',
    'user.edited',
    'role.changed',
    'account.exported',
    'account.deleted',
  ],
  import: ['import.completed'],
  sharing: ['invitation.created', 'invitation.accepted', 'invitation.revoked'],
}

const id = z.number().int().positive()

/** Who did it; null when nobody is known (a failed sign-in with an unknown username). */
export const AuditActorSchema = z.strictObject({ id, role: z.enum(ROLES) }).nullable()
export type AuditActor = z.infer<typeof AuditActorSchema>

/** On whom: the account and/or the profile owner's account it concerns, and the invitation where there is one. */
export const AuditSubjectSchema = z.strictObject({
  userId: id.optional(),
  profileOwnerId: id.optional(),
  invitationId: id.optional(),
})
export type AuditSubject = z.infer<typeof AuditSubjectSchema>

/** The account fields an edit may name: names of fields only, never what they were set to. */
export const AUDITED_FIELDS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'name',
  'password',
  'role',
  'active',
] as const

/**
 * What changed: field names for edits, the roles of a role change, counts for imports and revocations, and
 * whether a failed sign-in was refused by the throttle. Strict:
 * a key not listed here (such as `password` or `token`) makes the record invalid instead of being dropped.
 */
export const AuditDetailsSchema = z.strictObject({
  fields: z.array(z.enum(AUDITED_FIELDS)).max(AUDITED_FIELDS.length).optional(),
  fromRole: z.enum(ROLES).optional(),
  toRole: z.enum(ROLES).optional(),
  inviteeRole: z.enum(ROLES).optional(),
  importKind: z.enum(['disc', 'prevue', 'single']).optional(),
  rows: z.number().int().nonnegative().optional(),
  imported: z.number().int().nonnegative().optional(),
  failed: z.number().int().nonnegative().optional(),
  revokedInvitations: z.number().int().nonnegative().optional(),
  /** A sign-in the login throttle refused before any password was checked. */
  throttled: z.literal(true).optional(),
})
export type AuditDetails = z.infer<typeof AuditDetailsSchema>

/** The request id the gateway gives every request (kit logger.ts): 12 URL-safe characters. */
export const RequestIdSchema = z.string().regex(/^[\w-]{12}$/)

/** `audit.<service>-recorded.v1`: one thing an employer must be able to show happened. */
export const AuditRecordedSchema = z.strictObject({
  at: z.iso.datetime(),
  actor: AuditActorSchema,
  kind: AuditKindSchema,
  subject: AuditSubjectSchema,
  details: AuditDetailsSchema,
  /** The client's address as the gateway resolved it. */
  address: z.string().min(1).max(64),
  requestId: RequestIdSchema,
})
export type AuditRecorded = z.infer<typeof AuditRecordedSchema>

/** One stored record, as the administrators' page shows it. */
export const AuditEntrySchema = AuditRecordedSchema.extend({ id: z.string() })
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AUDIT_PAGE_SIZE_MAX = 200

/** `GET /api/admin/audit` and its CSV: every filter optional; newest first. */
export const AuditQuerySchema = z.strictObject({
  /** A user id: records where they acted or were acted on. */
  person: z.coerce.number().int().positive().optional(),
  kind: AuditKindSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(50),
})
export type AuditQuery = z.infer<typeof AuditQuerySchema>

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

/** The CSV download's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'kind',
  'actorId',
  'actorRole',
  'userId',
  'profileOwnerId',
  'invitationId',
  'details',
  'address',
  'requestId',
] as const
