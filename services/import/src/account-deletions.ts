import { UserDeletedSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { ImportJobsRepository } from './repositories/import-jobs-repository.ts'

export const DELETIONS_GROUP = 'import.deletions'

/** users.deleted.v1: the import reports forget the person (docs/decisions/061-account-deletion.md). */
export function createAccountDeletions(repository: ImportJobsRepository, compact: () => Promise<void>) {
  return {
    async userDeleted(event: EventEnvelope): Promise<void> {
      const { userId, email } = UserDeletedSchema.parse(event.data)
      // The rows' old copies leave the disk too.
      if ((await repository.forgetPerson(userId, email)) > 0) await compact()
    },
  }
}
