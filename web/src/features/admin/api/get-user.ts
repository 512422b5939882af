import type { AdminUser } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** One account with its details; a guest's derived default password while it still opens the account. */
export function getUser(id: number): Promise<AdminUser> {
  return apiClient.get('/api/admin/user/:id', { params: { id } })
}

export function getUserQueryOptions(id: number) {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/user/:id', { id }), queryFn: () => getUser(id) })
}

export function useUser(id: number | null) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== null })
}
