import { AccessibleProfileListSchema } from '@app/contracts/profiles'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { SHARING_QUERY_KEY } from './sharing-query-key.ts'

/** How many profiles the caller owns: an invitation shares them, so without one there is nothing to share. */
export async function getOwnedProfileCount(): Promise<number> {
  const profiles = AccessibleProfileListSchema.parse(await apiClient.get<unknown>('/api/accessible-profiles'))
  return profiles.filter((profile) => profile.accessType === 'owner').length
}

export function getOwnedProfileCountQueryOptions() {
  return queryOptions({ queryKey: [...SHARING_QUERY_KEY, 'owned-count'], queryFn: getOwnedProfileCount })
}

/** Read again whenever the form appears: a profile saved on another page since must count at once. */
export function useOwnedProfileCount() {
  return useQuery({ ...getOwnedProfileCountQueryOptions(), staleTime: 0 })
}
