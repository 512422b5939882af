import { z } from 'zod'
import {
  AssessmentTypeSchema,
  DiscTypeSchema,
  PrevueScoresSchema,
  type Profile,
} from '@app/contracts/profiles'
import type { DocumentStore } from '@app/kit/store/port'

/** A saved assessment (a "profile"); `id` is the store's integer id and `userId` the owner from the session. */
export const AssessmentDocumentSchema = z.object({
  userId: z.string().min(1),
  name: z.string(),
  assessmentType: AssessmentTypeSchema,
  dScore: z.number().int().min(0).max(100),
  iScore: z.number().int().min(0).max(100),
  sScore: z.number().int().min(0).max(100),
  cScore: z.number().int().min(0).max(100),
  primaryType: DiscTypeSchema,
  scoresData: PrevueScoresSchema.nullable(),
  answers: z.array(z.string()),
  timestamp: z.string(),
})
export type NewAssessment = z.input<typeof AssessmentDocumentSchema>

const NEWEST_FIRST = { id: -1 } as const

/** Copies only the fields of the API's profile, whatever else a document may carry. */
function toProfile(document: Profile): Profile {
  return {
    id: document.id,
    userId: document.userId,
    name: document.name,
    assessmentType: document.assessmentType,
    dScore: document.dScore,
    iScore: document.iScore,
    sScore: document.sScore,
    cScore: document.cScore,
    primaryType: document.primaryType,
    scoresData: document.scoresData,
    answers: document.answers,
    timestamp: document.timestamp,
  }
}

export async function createAssessmentsRepository(store: DocumentStore) {
  const assessments = await store.collection('assessments', {
    schema: AssessmentDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'userId' }],
  })
  return {
    async create(assessment: NewAssessment): Promise<Profile> {
      return toProfile(await assessments.insert(assessment))
    },
    async findById(id: number): Promise<Profile | null> {
      const found = await assessments.findOne({ id })
      return found ? toProfile(found) : null
    },
    /** The owner's assessments, newest first. */
    async listByOwner(userId: string): Promise<Profile[]> {
      return (await assessments.find({ userId }, { sort: NEWEST_FIRST })).map(toProfile)
    },
    /** Every assessment, newest first (administrators). */
    async listAll(): Promise<Profile[]> {
      return (await assessments.find({}, { sort: NEWEST_FIRST })).map(toProfile)
    },
  }
}
export type AssessmentsRepository = Awaited<ReturnType<typeof createAssessmentsRepository>>
