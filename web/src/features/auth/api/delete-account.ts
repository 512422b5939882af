import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { clearAssessmentProgress } from '../../../lib/assessment-progress.ts'
import { accountDeleted, sessionEnded } from '../../../lib/session-state.ts'
import { clearStoredUser } from '../../../lib/stored-user.ts'
import { getMeQueryOptions } from './get-me.ts'

/**
 * Deletes the signed-in user's account, confirmed with their current password, or with the token of the
 * mailed link for an account without one (docs/decisions/066-deletion-link.md).
 */
export function deleteAccount(confirmation: { password: string } | { token: string }) {
  return apiClient.deleteWithBody('/api/account', confirmation, {
    schema: async () => (await import('@app/contracts/account-deletion')).AccountDeletedSchema,
  })
}

/**
 * Deletes the account; on success the server has ended every session, so the app signs out as a logout
 * does and the login page says the account is gone (docs/decisions/061-account-deletion.md).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearStoredUser()
      clearAssessmentProgress()
      sessionEnded.set(false)
      accountDeleted.set(true)
      const meKey = getMeQueryOptions().queryKey
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] })
      queryClient.setQueryData(meKey, null)
    },
  })
}
