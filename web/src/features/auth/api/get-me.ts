import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client.ts'
import type { ApiAnswer } from '../../../lib/api-catalog.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'
import { pendingLogout } from '../../../lib/session-state.ts'
import type { CurrentUser } from './current-user-schema.ts'

export type { CurrentUser }

const loadCurrentUserSchema = () => import('./current-user-schema.ts')

/**
 * zod loads with the first signed-in answer, so a signed-out page (the login page) never loads it. The
 * answer is what the catalog says sign-in and the current-user call return.
 */
export async function parseCurrentUser(
  body: ApiAnswer<'GET', '/api/auth/me'> | ApiAnswer<'POST', '/api/auth/login'>,
): Promise<CurrentUser> {
  return (await loadCurrentUserSchema()).CurrentUserSchema.parse(body)
}

/** A signed-in page starts loading the schema beside its session check, not after the answer. */
export function preloadCurrentUserSchema(): void {
  loadCurrentUserSchema().catch(() => undefined) // a failed load is reported when the answer is parsed
}

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
  return body === null ? null : parseCurrentUser(body)
}

export function getMeQueryOptions() {
  // The current-user call is the one cached for 5 minutes rather than forever (docs/requirements.md section 7).
  return queryOptions({ queryKey: apiQueryKey('/api/auth/me'), queryFn: getMe, staleTime: 5 * 60 * 1000 })
}

export function useMe() {
  return useQuery(getMeQueryOptions())
}
