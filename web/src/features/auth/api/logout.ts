import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client.ts'
import { pendingLogout, sessionEnded } from '../../../lib/session-state.ts'
import { clearStoredUser } from '../../../lib/stored-user.ts'
import { clearAssessmentProgress } from '../../../lib/assessment-progress.ts'
import { getMeQueryOptions } from './get-me.ts'

/** What a failed logout reads (spec: "Failure reads message"): the server's message, never its raw body. */
export function logoutFailureMessage(error: unknown): string {
  return (error instanceof ApiError && error.serverMessage) || 'The server could not be reached.'
}

export async function logout(): Promise<void> {
  try {
    await apiClient.post('/api/auth/logout')
  } catch (error) {
    // Not reached (offline): the cookie may still be valid, so the logout is sent again before the next
    // session check (getMe). A server answer, even an error, means the server has seen it.
    if (!(error instanceof ApiError)) pendingLogout.set(true)
    throw error
  }
}

/** Logs out; whether or not the call succeeds, local state is cleared (docs/requirements.md section 4). */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearStoredUser()
      // A user who chose to leave takes their unsaved assessment with them.
      clearAssessmentProgress()
      sessionEnded.set(false)
      // Mounted views (the header among them) read "signed out" at once instead of refetching the user they
      // just dropped: the current-user query stays, set to null, so its observers hear of it; the rest goes.
      const meKey = getMeQueryOptions().queryKey
      queryClient.setQueryData(meKey, null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] })
      queryClient.getMutationCache().clear()
    },
  })
}
