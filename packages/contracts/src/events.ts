import { z } from 'zod'
import { ROLES } from '@app/domain/roles'

/** What auth tells others of an account: enough to show its name and e-mail, never a credential. */
export const UserSnapshotSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
})
export type UserSnapshot = z.infer<typeof UserSnapshotSchema>

/** `users.created.v1`: auth created an account; other services keep the names they show for it. */
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
