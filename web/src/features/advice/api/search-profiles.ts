import { ProfileSearchResponseSchema, type ProfileSearchResponse } from '@app/contracts/profiles'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '../../../lib/api-client.ts'

/** The best name match among the profiles the caller may see, and up to 3 other matching names. */
export async function searchProfiles(name: string): Promise<ProfileSearchResponse> {
  const query = new URLSearchParams({ name })
  return ProfileSearchResponseSchema.parse(await apiClient.get<unknown>(`/api/profiles/search?${query}`))
}

export function searchProfilesQueryOptions(name: string) {
  // Under the profiles key, so a saved assessment refreshes searches too.
  return queryOptions({ queryKey: ['profiles', 'search', name], queryFn: () => searchProfiles(name) })
}

/** A search is a user's action: each one asks the server again, since profiles change under it. */
export function useSearchProfiles() {
  const queryClient = useQueryClient()
  return useCallback(
    (name: string) => queryClient.fetchQuery({ ...searchProfilesQueryOptions(name), staleTime: 0 }),
    [queryClient],
  )
}
