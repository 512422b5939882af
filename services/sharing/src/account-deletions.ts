import { UserDeletedSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { AccessHistoryRepository } from './repositories/access-history-repository.ts'
import type { InvitationsRepository } from './repositories/invitations-repository.ts'
import type { Revocations } from './revocations.ts'

export const DELETIONS_GROUP = 'sharing.deletions'

/**
 * users.deleted.v1 (docs/decisions/061-account-deletion.md). Every invitation involving the person is
 * revoked, cascading to the forwards below it, as an owner's revoke is (decision 026: marks first, so their
 * guests are refused on their next request, then history and events); then those invitations and every
 * history record of the person's profiles or naming them go. Each step may run again: a replay or a retry
 * after a failure finds nothing left to revoke and nothing left to delete.
 */
export function createAccountDeletions(options: {
  invitations: InvitationsRepository
  history: AccessHistoryRepository
  revocations: Revocations
  /** Rewrites the store's files, so that what was deleted leaves the disk too. */
  compact: () => Promise<void>
}) {
  const { invitations, history, revocations } = options
  return {
    async userDeleted(event: EventEnvelope): Promise<void> {
      const { userId, email, deletedAt } = UserDeletedSchema.parse(event.data)
      const involved = await invitations.listInvolving(userId, email)
      const revocation = { by: userId, byName: '', byEmail: '', at: new Date(deletedAt) }
      for (const invitation of involved) {
        // An earlier revoke in this loop may have ended it with its parent.
        const current = await invitations.findById(invitation.id)
        if (current && !current.revoked) await revocations.revoke(current, revocation)
        else if (current?.revocationPending) await revocations.resume(current)
      }
      const ids = involved.map((invitation) => invitation.id)
      await history.removeInvolving(userId, ids)
      if ((await invitations.removeMany(ids)) > 0) await options.compact()
    },
  }
}
