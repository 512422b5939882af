import { PublicUserSchema } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'

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

/** The signed-in user, or null when signed out (401). */
export async function getMe(): Promise<CurrentUser | null> {
  const body = await apiClient.get<unknown>('/api/auth/me', { returnNull: true })
  return body === null ? null : CurrentUserSchema.parse(body)
}

export function getMeQueryOptions() {
  // The current-user call is the one cached for 5 minutes rather than forever (spec section 7).
  return queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, staleTime: 5 * 60 * 1000 })
}

export function useMe() {
  return useQuery(getMeQueryOptions())
}
