import type { QueryClient } from '@tanstack/react-query'
import { onSessionEnded } from '../../lib/api-client.ts'
import { sessionEnded } from '../../lib/session-state.ts'
import { clearStoredUser } from '../../lib/stored-user.ts'
import { getMe, getMeQueryOptions } from './api/get-me.ts'

/**
 * A 401 from any call signs the user out here, once the session check confirms it: the user's cached data goes,
 * the current user reads "signed out", and the guard sends the page to /login, remembering where it was. The
 * login page says the session ended and returns there after signing in. An assessment not yet saved stays in
 * the tab's storage.
 *
 * The check comes first because a 401 may answer a request that left with a cookie the browser has replaced
 * since (an invitation that promoted the user, a password change): the new session lives, and the user stays
 * signed in (docs/decisions/070-a-refused-session-cookie-is-left-alone.md). Signed in as someone else by then
 * (another tab), the user of this page is signed out all the same.
 */
export function watchSessionEnd(queryClient: QueryClient): void {
  const meKey = getMeQueryOptions().queryKey
  let checking: Promise<void> | null = null

  function signOut() {
    if (!queryClient.getQueryData(meKey)) return // already signed out
    clearStoredUser()
    sessionEnded.set(true)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] })
    queryClient.setQueryData(meKey, null)
  }

  onSessionEnded(() => {
    if (!queryClient.getQueryData(meKey)) return // already signed out
    // Many calls may be refused together: one check answers them all.
    checking ??= getMe()
      .catch(() => null)
      .then((me) => {
        const cached = queryClient.getQueryData(meKey)
        // Still signed in as the same person: the answer of the check is the current user.
        if (me && cached && me.id === cached.id) queryClient.setQueryData(meKey, me)
        else signOut()
      })
      .finally(() => (checking = null))
  })
}
