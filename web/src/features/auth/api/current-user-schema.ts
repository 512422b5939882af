import { PublicUserSchema } from '@app/contracts/auth'
import { z } from 'zod'

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? '')

/**
 * The contract's user, read leniently where the spec gives a fallback: a missing or unknown role reads as
 * standard (section 4) and missing names as empty. The server enforces the real role either way.
 */
export const CurrentUserSchema = PublicUserSchema.extend({
  email: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  name: optionalText,
  role: PublicUserSchema.shape.role.catch('standard'),
  mustChangePassword: z.boolean().catch(false),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>
