import { AdminUserSchema, type AdminUser } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { ADMIN_USERS_QUERY_KEY } from './admin-query-keys.ts'

/** One account with its details; a guest's derived default password while it still opens the account. */
export async function getUser(id: number): Promise<AdminUser> {
  return AdminUserSchema.parse(await apiClient.get<unknown>(`/api/admin/user/${id}`))
}

export function getUserQueryOptions(id: number) {
  return queryOptions({ queryKey: [...ADMIN_USERS_QUERY_KEY, 'detail', id], queryFn: () => getUser(id) })
}

export function useUser(id: number | null) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== null })
}
