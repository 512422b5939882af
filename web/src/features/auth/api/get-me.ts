import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../../lib/current-user.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'
import { getMe } from './fetch-me.ts'

export type { CurrentUser }
export { getMe }

export function getMeQueryOptions() {
  // The current-user call is the one cached for 5 minutes rather than forever (docs/requirements.md section 7).
  return queryOptions({ queryKey: apiQueryKey('/api/auth/me'), queryFn: getMe, staleTime: 5 * 60 * 1000 })
}

export function useMe() {
  return useQuery(getMeQueryOptions())
}
