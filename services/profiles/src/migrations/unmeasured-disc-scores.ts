import type { DocumentStore } from '@app/kit/store/port'
import { AssessmentDocumentSchema } from '../repositories/assessments-repository.ts'

const DISC_FIELDS = ['dScore', 'iScore', 'sScore', 'cScore', 'primaryType'] as const

/**
 * A Prevue assessment measures no DISC scores, but saves and imports once stored it with four 0 scores and
 * primary type D, which screens then showed as an empty DISC result (docs/decisions/028-prevue-shown-as-prevue.md).
 * This clears those fields at start-up; it is idempotent: a second run finds none left and changes nothing.
 * Returns how many assessments it changed.
 */
export async function migrateUnmeasuredDiscScores(store: DocumentStore): Promise<number> {
  const assessments = await store.collection('assessments', {
    schema: AssessmentDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'userId' }, { field: 'importKey', unique: true, sparse: true }],
  })
  return assessments.updateMany(
    { assessmentType: 'prevue', $or: DISC_FIELDS.map((field) => ({ [field]: { $ne: null } })) },
    { $set: Object.fromEntries(DISC_FIELDS.map((field) => [field, null])) },
  )
}
