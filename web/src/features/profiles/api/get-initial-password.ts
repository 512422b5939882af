import type { InitialPassword } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The signed-in user's login name, and their derived password while it still opens the account. */
export function getInitialPassword(): Promise<InitialPassword> {
  return apiClient.get('/api/auth/initial-password')
}

export function getInitialPasswordQueryOptions() {
  // Read afresh on every visit: once the password changes elsewhere, a cached one must not be shown again.
  return queryOptions({
    queryKey: apiQueryKey('/api/auth/initial-password'),
    queryFn: getInitialPassword,
    gcTime: 0,
  })
}

export function useInitialPassword({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getInitialPasswordQueryOptions(), enabled })
}
