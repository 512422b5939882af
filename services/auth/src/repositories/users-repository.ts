import { z } from 'zod'
import type { Update } from '@app/kit/store/port'
import type { DocumentStore } from '@app/kit/store/port'
import { ROLES, type Role } from '@app/domain/roles'
import type { AdminUser } from '@app/contracts/auth'

export const UserDocumentSchema = z.object({
  username: z.string().min(1),
  /** Usernames are unique without regard to case. */
  usernameKey: z.string().min(1),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  passwordHash: z.string().startsWith('$argon2id$'),
  mustChangePassword: z.boolean(),
  invitedBy: z.string().optional(),
  invitedByEmail: z.string().optional(),
  dateInvited: z.date().optional(),
  /** `<jobId>:<row>` of the import that created the account: a retried batch finds it instead of a twin. */
  importKey: z.string().optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
})
export type UserDocument = z.infer<typeof UserDocumentSchema>
export type StoredUser = UserDocument & { id: number }
export type NewUser = Omit<UserDocument, 'usernameKey' | 'createdAt' | 'updatedAt'>

export const usernameKey = (username: string) => username.trim().toLowerCase()
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * A user as the administrator's answers show one: dates as ISO text. What an answer may carry is its
 * declared schema's business (PublicUserSchema, AdminUserSchema): the serializer drops the hash and the rest.
 */
export function toAdminUser(user: StoredUser): AdminUser {
  const { dateInvited, ...rest } = user
  return {
    ...rest,
    ...(dateInvited ? { dateInvited: dateInvited.toISOString() } : {}),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }
}

/**
 * A list of users as the JSON text of `AdminUser[]`, built field by field: 10,000 users are about 2.5 MB,
 * and checking each against the schema on the way out would cost more than reading them (bench/README.md,
 * "User management"). Only the fields named here leave the service; the hash is not among them.
 */
export function adminUserListText(users: StoredUser[]): string {
  return JSON.stringify(
    users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      invitedBy: user.invitedBy,
      invitedByEmail: user.invitedByEmail,
      dateInvited: user.dateInvited?.toISOString(),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    })),
  )
}

export async function createUsersRepository(store: DocumentStore) {
  const users = await store.collection('users', {
    schema: UserDocumentSchema,
    idKind: 'int',
    indexes: [
      { field: 'usernameKey', unique: true },
      { field: 'role' },
      { field: 'email' },
      { field: 'importKey', unique: true, sparse: true },
    ],
  })
  return {
    async create(user: NewUser): Promise<StoredUser> {
      const now = new Date()
      return users.insert({
        ...user,
        email: normaliseEmail(user.email),
        usernameKey: usernameKey(user.username),
        createdAt: now,
        updatedAt: now,
      })
    },
    findById(id: number): Promise<StoredUser | null> {
      return users.findOne({ id })
    },
    findByUsername(username: string): Promise<StoredUser | null> {
      return users.findOne({ usernameKey: usernameKey(username) })
    },
    findByEmail(email: string): Promise<StoredUser | null> {
      return users.findOne({ email: normaliseEmail(email) })
    },
    /** The accounts earlier imports created under these keys. */
    findByImportKeys(importKeys: string[]): Promise<StoredUser[]> {
      return users.find({ importKey: { $in: importKeys } })
    },
    findByImportKey(importKey: string): Promise<StoredUser | null> {
      return users.findOne({ importKey })
    },
    /** The accounts holding any of these addresses, as their e-mail or as their username. */
    findHoldersOf(emails: string[]): Promise<StoredUser[]> {
      const normalised = [...new Set(emails.map(normaliseEmail))]
      return users.find({ $or: [{ email: { $in: normalised } }, { usernameKey: { $in: normalised } }] })
    },
    list(): Promise<StoredUser[]> {
      return users.find({}, { sort: { id: 1 } })
    },
    listByRoles(roles: Role[]): Promise<StoredUser[]> {
      return users.find({ role: { $in: roles } }, { sort: { id: 1 } })
    },
    countByRole(role: Role) {
      return users.count({ role })
    },
    update(
      id: number,
      changes: Partial<Omit<UserDocument, 'usernameKey' | 'createdAt' | 'updatedAt'>>,
    ): Promise<StoredUser | null> {
      const $set: NonNullable<Update['$set']> = { ...changes, updatedAt: new Date() }
      if (changes.username !== undefined) $set.usernameKey = usernameKey(changes.username)
      if (changes.email !== undefined) $set.email = normaliseEmail(changes.email)
      return users.updateOne({ id }, { $set })
    },
  }
}
export type UsersRepository = Awaited<ReturnType<typeof createUsersRepository>>
