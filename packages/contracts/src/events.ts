import { z } from 'zod'
import { ROLES } from '@app/domain/roles'

/** `users.created.v1`: auth created an account; other services keep the names they show for it. */
export const USERS_CREATED = 'users.created.v1'
export const UserCreatedSchema = z.object({
  id: z.string().min(1),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
})
export type UserCreated = z.infer<typeof UserCreatedSchema>
