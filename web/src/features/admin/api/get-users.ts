import { AdminUserSchema, type AdminUser } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { ADMIN_USERS_QUERY_KEY } from './admin-query-keys.ts'

const AdminUserListSchema = z.array(AdminUserSchema)

/** Every account, for User Management. */
export async function getUsers(): Promise<AdminUser[]> {
  return AdminUserListSchema.parse(await apiClient.get<unknown>('/api/admin/users'))
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_USERS_QUERY_KEY, 'list'], queryFn: getUsers })
}

export function useUsers() {
  return useQuery(getUsersQueryOptions())
}
