import type { ProfileMapResponse } from '@app/contracts/profiles'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The team map: density over every visible profile, and at most 300 people (those matching `q`). */
export function getProfileMap(q: string): Promise<ProfileMapResponse> {
  return apiClient.get('/api/profiles/map', { query: { q } })
}

export function getProfileMapQueryOptions(q: string) {
  return queryOptions({ queryKey: apiQueryKey('/api/profiles/map', { q }), queryFn: () => getProfileMap(q) })
}

export function useProfileMap(q: string) {
  // The previous map stays while a new filter loads, so the circle does not blink empty.
  return useQuery({ ...getProfileMapQueryOptions(q), placeholderData: keepPreviousData })
}
