import type { ProfileLookupResponse } from '@app/contracts/profiles'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiClient } from './api-client.ts'
import { apiQueryKey } from './query-keys.ts'

export const LOOKUP_PAGE_SIZE = 20

/** One page of the profiles the caller may see whose name contains `q`, by name. */
export function lookupProfiles({
  q,
  cursor,
  limit = LOOKUP_PAGE_SIZE,
}: {
  q: string
  cursor?: string | null
  limit?: number
}): Promise<ProfileLookupResponse> {
  return apiClient.get('/api/profiles/lookup', {
    query: { q, limit, ...(cursor ? { cursor } : {}) },
  })
}

export function lookupProfilesQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: apiQueryKey('/api/profiles/lookup', { q }),
    queryFn: ({ pageParam }) => lookupProfiles({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/** A picker's search (Collaborate, Teams): pages load one at a time as asked, never the whole catalogue. */
export function useLookupProfiles(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...lookupProfilesQueryOptions(q), enabled })
}
