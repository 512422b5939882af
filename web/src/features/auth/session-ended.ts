import type { QueryClient } from '@tanstack/react-query'
import { onSessionEnded } from '../../lib/api-client.ts'
import { sessionEnded } from '../../lib/session-state.ts'
import { clearStoredUser } from '../../lib/stored-user.ts'
import { getMeQueryOptions } from './api/get-me.ts'

/**
 * Any 401 from any call signs the user out here: the user's cached data goes, the current user reads
 * "signed out", and the guard sends the page to /login, remembering where it was. The login page says the
 * session ended and returns there after signing in. An assessment not yet saved stays in the tab's storage.
 */
export function watchSessionEnd(queryClient: QueryClient): void {
  onSessionEnded(() => {
    const meKey = getMeQueryOptions().queryKey
    if (!queryClient.getQueryData(meKey)) return // already signed out
    clearStoredUser()
    sessionEnded.set(true)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] })
    queryClient.setQueryData(meKey, null)
  })
}
