import type { TeamList } from '@app/contracts/teams'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The caller's saved teams, by name, each with how many of its people they may still see. */
export function getTeams(): Promise<TeamList> {
  return apiClient.get('/api/teams')
}

export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/teams'), queryFn: getTeams })
}

export function useTeams() {
  return useQuery(getTeamsQueryOptions())
}
