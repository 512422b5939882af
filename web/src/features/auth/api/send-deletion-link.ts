import type { DeletionLinkSent } from '@app/contracts/account-deletion'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

/** Mails the signed-in user a link that confirms their account's deletion (docs/decisions/066-deletion-link.md). */
export function sendDeletionLink(): Promise<DeletionLinkSent> {
  return apiClient.post('/api/account/deletion-link', undefined, {
    schema: async () => (await import('@app/contracts/account-deletion')).DeletionLinkSentSchema,
  })
}

export function useSendDeletionLink() {
  return useMutation({ mutationFn: sendDeletionLink })
}
