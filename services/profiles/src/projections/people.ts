import { UserSnapshotSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import { anyDeleted } from './deletions.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import type { AssessmentsRepository } from '../repositories/assessments-repository.ts'
import { defaultNameOf, emailOf, type PeopleRepository } from '../repositories/people-repository.ts'

/** Its processed-event records carry this group's name, so it stays what it was before users.updated.v1. */
export const PEOPLE_GROUP = 'profiles.people'

/**
 * The people projection: the names auth announces (users.created.v1, users.updated.v1), which profiles
 * saved without a name show. Each event carries the whole snapshot; an older one than the person holds
 * (the topics are read independently) changes nothing, and a replay changes nothing either.
 */
export function createPeopleProjection(options: {
  people: PeopleRepository
  assessments: AssessmentsRepository
  catalog: ProfileCatalog
  kv: KeyValueStore
}) {
  const { people, assessments, catalog, kv } = options
  const personAnnounced = async (event: EventEnvelope): Promise<void> => {
    const user = UserSnapshotSchema.parse(event.data)
    if (await anyDeleted(kv, [user.id])) return
    const person = await people.upsert(user, new Date(event.occurredAt))
    if (!person) return
    const defaultName = defaultNameOf(person)
    // The store first, so that a catalog rebuilt from it agrees; then every replica's catalog.
    await assessments.renameNamedAfterOwner(user.id, defaultName)
    await catalog.record({ kind: 'person-changed', userId: user.id, defaultName, email: emailOf(person) })
  }
  return { userCreated: personAnnounced, userUpdated: personAnnounced }
}
