import type { Team } from '@app/contracts/teams'
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** One saved team with the profiles of the people the caller may still see. */
export function getTeam(id: number): Promise<Team> {
  return apiClient.get('/api/teams/:id', { params: { id } })
}

/** Read when a team is opened, never kept stale: what the caller may see can change between two opens. */
export function getTeamQueryOptions(id: number) {
  return queryOptions({
    queryKey: apiQueryKey('/api/teams/:id', { id }),
    queryFn: () => getTeam(id),
    staleTime: 0,
    gcTime: 0,
  })
}
