import type { ProfileSearchResponse } from '@app/contracts/profiles'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The best name match among the profiles the caller may see, and up to 3 other matching names. */
export function searchProfiles(name: string): Promise<ProfileSearchResponse> {
  return apiClient.get('/api/profiles/search', { query: { name } })
}

export function searchProfilesQueryOptions(name: string) {
  return queryOptions({
    queryKey: apiQueryKey('/api/profiles/search', { name }),
    queryFn: () => searchProfiles(name),
  })
}

/** A search is a user's action: each one asks the server again, since profiles change under it. */
export function useSearchProfiles() {
  const queryClient = useQueryClient()
  return useCallback(
    (name: string) => queryClient.fetchQuery({ ...searchProfilesQueryOptions(name), staleTime: 0 }),
    [queryClient],
  )
}
