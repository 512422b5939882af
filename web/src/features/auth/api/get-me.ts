import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'
import { pendingLogout } from '../../../lib/session-state.ts'
import { readCurrentUser, type CurrentUser } from './current-user.ts'

export type { CurrentUser }

/** The signed-in user, or null when signed out (401) or while a logout is still to be sent. */
export async function getMe(): Promise<CurrentUser | null> {
  // A logout whose call did not reach the server is sent again first; until it is, nobody counts as signed
  // in, so the next page never shows the user who asked to leave. Its 401 means the session is gone.
  if (pendingLogout.get()) {
    try {
      await apiClient.post('/api/auth/logout')
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) return null
    }
    pendingLogout.set(false)
  }
  const body = await apiClient.get('/api/auth/me', { returnNull: true })
  return body === null ? null : readCurrentUser(body)
}

export function getMeQueryOptions() {
  // The current-user call is the one cached for 5 minutes rather than forever (docs/requirements.md section 7).
  return queryOptions({ queryKey: apiQueryKey('/api/auth/me'), queryFn: getMe, staleTime: 5 * 60 * 1000 })
}

export function useMe() {
  return useQuery(getMeQueryOptions())
}
