import { z } from 'zod'
import { GUEST_ROLES, ROLES } from '@app/domain/roles'

/** What auth tells others of an account: enough to show its name and e-mail, never a credential. */
export const UserSnapshotSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** False once a SCIM client deactivated the account (decision 064); absent while it is active. */
  active: z.literal(false).optional(),
})
export type UserSnapshot = z.infer<typeof UserSnapshotSchema>

/**
 * `users.created.v1`: auth created an account; other services keep the names they show for it. Not for
 * imported accounts: their names reach profiles in the import's batch (docs/decisions/047-imported-names-in-the-batch.md).
 */
export const USERS_CREATED = 'users.created.v1'
export const UserCreatedSchema = UserSnapshotSchema
export type UserCreated = UserSnapshot

/**
 * `users.updated.v1`: an account's e-mail, username, names or role changed. It carries the whole snapshot,
 * so applying it twice, or after a later one was lost, leaves the latest state.
 */
export const USERS_UPDATED = 'users.updated.v1'
export const UserUpdatedSchema = UserSnapshotSchema
export type UserUpdated = UserSnapshot

/**
 * `invitations.accepted.v1`: an invitee accepted, so `granteeId` may see the profiles of `ownerId`. Keyed by
 * `rootInvitationId`, the owner's own invitation at the top of the chain, so that a revoke of the chain
 * never overtakes its grants.
 */
export const INVITATIONS_ACCEPTED = 'invitations.accepted.v1'
export const InvitationAcceptedSchema = z.object({
  invitationId: z.number().int().positive(),
  rootInvitationId: z.number().int().positive(),
  parentInvitationId: z.number().int().positive().nullable(),
  ownerId: z.number().int().positive(),
  granteeId: z.number().int().positive(),
  inviteeRole: z.enum(GUEST_ROLES),
  /**
   * Who shared it: the owner, or on a forward the owner whose share it came from; the profiles lists show
   * it as `sharedBy`. Events written before forwards carried `sharedVia` name the forwarder here.
   */
  sharedBy: z.object({ name: z.string(), email: z.string() }),
  /** On a forward: the guest owner who passed it on (the profiles lists show "via" them). */
  sharedVia: z.object({ name: z.string(), email: z.string() }).optional(),
  acceptedAt: z.string().datetime(),
})
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>

/**
 * `access.revoked.v1`: one grant ended, by its own revoke or by the cascade from one above it. Keyed by the
 * root invitation, like the grant.
 */
export const ACCESS_REVOKED = 'access.revoked.v1'
export const AccessRevokedSchema = z.object({
  invitationId: z.number().int().positive(),
  rootInvitationId: z.number().int().positive(),
  ownerId: z.number().int().positive(),
  granteeId: z.number().int().positive(),
  revokedBy: z.number().int().positive(),
  revokedAt: z.string().datetime(),
})
export type AccessRevoked = z.infer<typeof AccessRevokedSchema>

/**
 * `users.deleted.v1`: an account is being deleted; every service forgets the person (docs/decisions/061-account-deletion.md).
 * It carries the id and the address the account had (invitations to it, import rows naming it), never a
 * name. Its id is derived from the account (`users-deleted-<userId>-<created ms>`), so a publish repeated
 * after a crash is handled once per consumer.
 */
export const USERS_DELETED = 'users.deleted.v1'
export const UserDeletedSchema = z.object({
  userId: z.number().int().positive(),
  /** Absent on a deletion heard again from auth's record of it, which keeps no address. */
  email: z.string().optional(),
  deletedBy: z.number().int().positive(),
  deletedAt: z.string().datetime(),
})
export type UserDeleted = z.infer<typeof UserDeletedSchema>
