import { UserDeletedSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { ImportJobsRepository } from './repositories/import-jobs-repository.ts'

export const DELETIONS_GROUP = 'import.deletions'

/** users.deleted.v1: the import reports forget the person (docs/decisions/061-account-deletion.md). */
export function createAccountDeletions(repository: ImportJobsRepository) {
  return {
    async userDeleted(event: EventEnvelope): Promise<void> {
      const { userId, email } = UserDeletedSchema.parse(event.data)
      await repository.forgetPerson(userId, email)
    },
  }
}
