import { z } from 'zod'
import {
  AssessmentTypeSchema,
  DiscTypeSchema,
  PrevueScoresSchema,
  type Profile,
} from '@app/contracts/profiles'
import { withoutUnmeasuredScores } from '@app/domain/profile-scores'
import { inPages } from '@app/kit/store/pages'
import type { DocumentStore } from '@app/kit/store/port'

export const UserIdSchema = z.number().int().positive()

/** A saved assessment (a "profile"); `id` is the store's integer id and `userId` the owner from the session. */
export const AssessmentDocumentSchema = z.object({
  userId: UserIdSchema,
  name: z.string(),
  /** Saved without a name: it shows its owner's name, and follows it when auth announces an edit. */
  namedAfterOwner: z.boolean().optional(),
  assessmentType: AssessmentTypeSchema,
  /** Null for a Prevue assessment, which measures no DISC scores (docs/decisions/028-prevue-shown-as-prevue.md). */
  dScore: z.number().int().min(0).max(100).nullable(),
  iScore: z.number().int().min(0).max(100).nullable(),
  sScore: z.number().int().min(0).max(100).nullable(),
  cScore: z.number().int().min(0).max(100).nullable(),
  primaryType: DiscTypeSchema.nullable(),
  scoresData: PrevueScoresSchema.nullable(),
  answers: z.array(z.string()),
  timestamp: z.string(),
  /** `<jobId>:<row>` of the import that created it: a retried batch finds it instead of saving a twin. */
  importKey: z.string().optional(),
})
export type NewAssessment = z.input<typeof AssessmentDocumentSchema>
type AssessmentDocument = z.output<typeof AssessmentDocumentSchema> & { id: number }

/** A profile as the catalog holds it: the API's fields, and whether its name is its owner's. */
export interface StoredProfile {
  profile: Profile
  namedAfterOwner: boolean
}

const NEWEST_FIRST = { id: -1 } as const

/**
 * Copies only the fields of the API's profile, whatever else a document may carry. A Prevue document saved
 * with zero DISC scores after the start-up migration (by a replica still running older code) reads as none.
 */
function toProfile(document: AssessmentDocument): Profile {
  return withoutUnmeasuredScores({
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
  })
}

const toStored = (document: AssessmentDocument): StoredProfile => ({
  profile: toProfile(document),
  namedAfterOwner: document.namedAfterOwner ?? false,
})

export async function createAssessmentsRepository(store: DocumentStore) {
  const assessments = await store.collection('assessments', {
    schema: AssessmentDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'userId' }, { field: 'importKey', unique: true, sparse: true }],
  })
  return {
    async create(assessment: NewAssessment): Promise<StoredProfile> {
      return toStored(await assessments.insert(assessment))
    },
    /** The ids of assessments earlier imports created, by import key. */
    async idsByImportKeys(importKeys: string[]): Promise<Map<string, number>> {
      const found = await assessments.find({ importKey: { $in: importKeys } })
      return new Map(found.map((document) => [document.importKey!, document.id]))
    },
    async findById(id: number): Promise<Profile | null> {
      const found = await assessments.findOne({ id })
      return found ? toProfile(found) : null
    },
    /** The owner's assessments, newest first. */
    async listByOwner(userId: number): Promise<Profile[]> {
      return (await assessments.find({ userId }, { sort: NEWEST_FIRST })).map(toProfile)
    },
    /** The owner's assessments, oldest first, read a page at a time (the data export, decision 060). */
    async *ownedInPages(userId: number): AsyncGenerator<Profile> {
      for await (const document of inPages(assessments, { userId })) yield toProfile(document)
    },
    /**
     * Every assessment, newest first: only for rebuilding the catalog (an empty one, a lost change log or an
     * explicit command). Documents whose owner is no user id (data from before ids were numbers) are skipped.
     */
    async listAll(): Promise<StoredProfile[]> {
      const documents = await assessments.find({}, { sort: NEWEST_FIRST })
      return documents.filter((document) => UserIdSchema.safeParse(document.userId).success).map(toStored)
    },
    /** Deletes every assessment of the owner (their account is deleted); returns how many. */
    removeByOwner(userId: number): Promise<number> {
      return assessments.deleteMany({ userId })
    },
    /** Renames the owner's profiles that were saved without a name; returns how many. */
    async renameNamedAfterOwner(userId: number, name: string): Promise<number> {
      return assessments.updateMany({ userId, namedAfterOwner: true }, { $set: { name } })
    },
  }
}
export type AssessmentsRepository = Awaited<ReturnType<typeof createAssessmentsRepository>>
