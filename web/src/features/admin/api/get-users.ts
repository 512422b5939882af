import type { AdminUser } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** Every account, for User Management. */
export function getUsers(): Promise<AdminUser[]> {
  return apiClient.get('/api/admin/users')
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/users'), queryFn: getUsers })
}

export function useUsers() {
  return useQuery(getUsersQueryOptions())
}
