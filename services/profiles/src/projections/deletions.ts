import { deletedUserKey } from '@app/contracts/account-deletion'
import { UserDeletedSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ProfileCatalog } from '../profile-catalog.ts'
import type { AssessmentsRepository } from '../repositories/assessments-repository.ts'
import type { GrantsRepository } from '../repositories/grants-repository.ts'
import type { TeamsRepository } from '../repositories/teams-repository.ts'
import { emailOf, type PeopleRepository } from '../repositories/people-repository.ts'

export const DELETIONS_GROUP = 'profiles.deletions'

/**
 * users.deleted.v1 (docs/decisions/061-account-deletion.md): the person's profiles, name, saved teams and
 * every grant to or from them leave the store, then every replica reloads its catalog, so that no list, search, team map or
 * report made from it carries them. Deletes of what is already gone change nothing, so a replay is harmless.
 */
export function createDeletionsProjection(options: {
  people: PeopleRepository
  assessments: AssessmentsRepository
  grants: GrantsRepository
  teams: TeamsRepository
  catalog: ProfileCatalog
  /** Rewrites the store's files, so that what was deleted leaves the disk too. */
  compact: () => Promise<void>
}) {
  const { people, assessments, grants, teams, catalog } = options
  return {
    async userDeleted(event: EventEnvelope): Promise<void> {
      const { userId } = UserDeletedSchema.parse(event.data)
      const person = await people.findByUserId(userId)
      // Grants first: they are found by the person's e-mail, which goes with the person.
      const ended = await grants.removeInvolving(userId, person ? emailOf(person) || undefined : undefined)
      const removed = await assessments.removeByOwner(userId)
      const forgotten = await people.remove(userId)
      // Teams others saved keep this person's id only until their next read drops what is not visible.
      const teamsRemoved = await teams.removeAllOf(userId)
      // A full reload, rare as deletions are: the catalog holds profiles in columns that are only appended to.
      if (removed > 0 || forgotten || ended > 0 || teamsRemoved > 0) await options.compact()
      if (removed > 0 || forgotten || ended > 0) await catalog.requestRebuild('an account was deleted')
    },
  }
}

/**
 * Whether auth has marked any of these people deleted: an announcement or a grant about them that arrives
 * after their deletion (the topics are read independently) is dropped instead of bringing them back.
 */
export async function anyDeleted(kv: KeyValueStore, userIds: readonly number[]): Promise<boolean> {
  const marks = await kv.getMany(userIds.map((userId) => deletedUserKey(userId)))
  return marks.some((mark) => mark !== null)
}
