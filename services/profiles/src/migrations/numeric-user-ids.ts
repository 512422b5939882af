import { z } from 'zod'
import type { Collection, DocumentStore } from '@app/kit/store/port'
import { AssessmentDocumentSchema } from '../repositories/assessments-repository.ts'
import { PersonDocumentSchema } from '../repositories/people-repository.ts'

/** What a stored user id may be before this migration: a number, or the string ids kept until then. */
const LegacyUserIdSchema = z.union([z.number(), z.string()])
const DIGITS = /^[1-9]\d{0,15}$/

export interface MigrationReport {
  /** Documents whose string id became a number, per collection. */
  converted: Record<string, number>
  /** Documents whose string id names no user (test or benchmark data): left as they are and never listed. */
  unconvertible: Record<string, number>
}

type LegacyCollection = Pick<
  Collection<{ userId: string | number }>,
  'find' | 'count' | 'updateMany' | 'deleteMany'
>

async function migrate(collection: LegacyCollection, keepNumericTwin: boolean) {
  const stringIds = new Set<string>()
  for (const document of await collection.find({ userId: { $exists: true } })) {
    if (typeof document.userId === 'string') stringIds.add(document.userId)
  }
  let converted = 0
  let unconvertible = 0
  for (const userId of stringIds) {
    if (!DIGITS.test(userId)) {
      unconvertible += await collection.count({ userId })
      continue
    }
    const numeric = Number(userId)
    // A person announced again after the switch exists in both forms; the numeric one is the later.
    if (keepNumericTwin && (await collection.count({ userId: numeric })) > 0) {
      converted += await collection.deleteMany({ userId })
      continue
    }
    converted += await collection.updateMany({ userId }, { $set: { userId: numeric } })
  }
  return { converted, unconvertible }
}

/**
 * Users have one integer id everywhere (decision 043). Profiles kept the id auth announced as a
 * string; this converts `userId` in `assessments` and `people` at start-up. It is idempotent: a second run
 * finds no string ids and changes nothing.
 */
export async function migrateToNumericUserIds(store: DocumentStore): Promise<MigrationReport> {
  // Opened with the repositories' fields and indexes (MongoDB defines its model once per collection), but
  // admitting both forms of userId; the repositories themselves take numbers only.
  const assessments = await store.collection('assessments', {
    schema: AssessmentDocumentSchema.extend({ userId: LegacyUserIdSchema }),
    idKind: 'int',
    indexes: [{ field: 'userId' }],
  })
  const people = await store.collection('people', {
    schema: PersonDocumentSchema.extend({ userId: LegacyUserIdSchema }),
    idKind: 'uuid',
    indexes: [{ field: 'userId', unique: true }],
  })
  const fromAssessments = await migrate(assessments, false)
  const fromPeople = await migrate(people, true)
  return {
    converted: { assessments: fromAssessments.converted, people: fromPeople.converted },
    unconvertible: { assessments: fromAssessments.unconvertible, people: fromPeople.unconvertible },
  }
}
