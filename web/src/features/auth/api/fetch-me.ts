import { ApiError, apiClient } from '../../../lib/api-client.ts'
import { readCurrentUser, type CurrentUser } from '../../../lib/current-user.ts'
import { pendingLogout } from '../../../lib/session-state.ts'

// The session check on its own, apart from its query (get-me.ts): the sign-in page's first load asks it
// without TanStack Query (docs/decisions/065-first-pages-without-zod.md).

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
