import { InitialPasswordSchema, type InitialPassword } from '@app/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

/** The signed-in user's login name, and their derived password while it still opens the account. */
export async function getInitialPassword(): Promise<InitialPassword> {
  return InitialPasswordSchema.parse(await apiClient.get<unknown>('/api/auth/initial-password'))
}

export function getInitialPasswordQueryOptions() {
  // Read afresh on every visit: once the password changes elsewhere, a cached one must not be shown again.
  return queryOptions({ queryKey: ['auth', 'initial-password'], queryFn: getInitialPassword, gcTime: 0 })
}

export function useInitialPassword({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getInitialPasswordQueryOptions(), enabled })
}
