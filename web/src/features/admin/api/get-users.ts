import { AdminUserSchema, type AdminUser } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

const AdminUserListSchema = z.array(AdminUserSchema)

/** Every account, for User Management. */
export function getUsers(): Promise<AdminUser[]> {
  return apiClient.get('/api/admin/users', { schema: AdminUserListSchema })
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/users'), queryFn: getUsers })
}

export function useUsers() {
  return useQuery(getUsersQueryOptions())
}
