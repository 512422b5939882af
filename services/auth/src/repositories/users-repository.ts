import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'
import { ROLES } from '@app/domain/roles'

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
  createdAt: z.date(),
  updatedAt: z.date(),
})
export type UserDocument = z.infer<typeof UserDocumentSchema>
export type NewUser = Omit<UserDocument, 'usernameKey' | 'createdAt' | 'updatedAt'>

export const usernameKey = (username: string) => username.trim().toLowerCase()

export async function createUsersRepository(store: DocumentStore) {
  const users = await store.collection('users', {
    schema: UserDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'usernameKey', unique: true }, { field: 'role' }],
  })
  return {
    async create(user: NewUser) {
      const now = new Date()
      return users.insert({
        ...user,
        usernameKey: usernameKey(user.username),
        createdAt: now,
        updatedAt: now,
      })
    },
    findByUsername(username: string) {
      return users.findOne({ usernameKey: usernameKey(username) })
    },
    countByRole(role: UserDocument['role']) {
      return users.count({ role })
    },
  }
}
export type UsersRepository = Awaited<ReturnType<typeof createUsersRepository>>
