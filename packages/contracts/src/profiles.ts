import { z } from 'zod'
import { DISC_TYPES } from '@app/domain/disc'
import {
  PREVUE_DIMENSIONS,
  PREVUE_MAX_SCORE,
  PREVUE_MIN_SCORE,
  type PrevueDimension,
} from '@app/domain/prevue'

export const ASSESSMENT_TYPES = ['disc', 'prevue'] as const
export const AssessmentTypeSchema = z.enum(ASSESSMENT_TYPES)
export type AssessmentType = z.infer<typeof AssessmentTypeSchema>

export const DiscTypeSchema = z.enum(DISC_TYPES)

export const PROFILE_NAME_MAX = 100
/** Longer search input is refused rather than matched, which bounds the cost of a search. */
export const PROFILE_SEARCH_NAME_MAX = 100
export const ANSWERS_MAX = 50
export const ANSWER_MAX_LENGTH = 50

const SCORE_MESSAGE = 'Scores must be whole numbers from 0 to 100'
const DiscScoreSchema = z
  .number({ error: SCORE_MESSAGE })
  .int({ error: SCORE_MESSAGE })
  .min(0, { error: SCORE_MESSAGE })
  .max(100, { error: SCORE_MESSAGE })

const STEN_MESSAGE = `Prevue scores must be from ${PREVUE_MIN_SCORE} to ${PREVUE_MAX_SCORE} with at most one decimal`
const StenScoreSchema = z
  .number({ error: STEN_MESSAGE })
  .min(PREVUE_MIN_SCORE, { error: STEN_MESSAGE })
  .max(PREVUE_MAX_SCORE, { error: STEN_MESSAGE })
  // Scores are means rounded to one decimal; allow for binary floating point (7.3 * 10 = 72.99999…).
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, { error: STEN_MESSAGE })

/** All 20 Prevue dimensions on the sten scale; unknown keys are dropped. */
export const PrevueScoresSchema = z.object(
  Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, StenScoreSchema])) as Record<
    PrevueDimension,
    typeof StenScoreSchema
  >,
  { error: 'scoresData must hold all 20 Prevue dimensions' },
)

const AnswerSchema = z
  .string({ error: 'Answers must be text' })
  .min(1, { error: 'Answers must not be empty' })
  .max(ANSWER_MAX_LENGTH, { error: `Answers are limited to ${ANSWER_MAX_LENGTH} characters` })

const isDiscLetter = (answer: string) => (DISC_TYPES as readonly string[]).includes(answer)

/**
 * The spec's client sends a DISC result's `scores` as `scoresData`: the four percentages keyed D, I, S and C
 * (docs/requirements.md sections 3 and 7). They repeat dScore…cScore, which stay the stored copy.
 */
export const DiscScoresDataSchema = z.object(
  { D: DiscScoreSchema, I: DiscScoreSchema, S: DiscScoreSchema, C: DiscScoreSchema },
  { error: 'A DISC scoresData must hold the percentages D, I, S and C' },
)
export type DiscScoresData = z.infer<typeof DiscScoresDataSchema>

const DISC_SCORE_FIELDS = { D: 'dScore', I: 'iScore', S: 'sScore', C: 'cScore' } as const

/** Reports a nested schema's issues under `scoresData`, so messages name the field as for any other. */
function parseScoresData<T>(schema: z.ZodType<T>, value: unknown, context: z.RefinementCtx): T | undefined {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues)
    context.addIssue({ code: 'custom', path: ['scoresData', ...issue.path], message: issue.message })
  return undefined
}

/**
 * `POST /api/assessments`, in any shape the spec's client sends. Owner, primary type and timestamp are the
 * server's: `userId`, `primaryType` and `timestamp` are accepted but ignored, and unknown keys (`id`,
 * `role`, …) are dropped. DISC needs the four scores, given as dScore…cScore, as `scoresData` {D, I, S, C}
 * or as both when they agree, and answers that are D, I, S or C letters; its `scoresData` is not kept, the
 * four scores are. Prevue needs `scoresData` with the 20 dimensions; it has no DISC scores, so any sent are
 * dropped and it is kept with none (docs/decisions/028-prevue-shown-as-prevue.md).
 */
export const SaveAssessmentRequestSchema = z
  .object({
    assessmentType: AssessmentTypeSchema.default('disc'),
    name: z
      .string({ error: 'The name must be text' })
      .trim()
      .max(PROFILE_NAME_MAX, { error: `Names are limited to ${PROFILE_NAME_MAX} characters` })
      .optional(),
    dScore: DiscScoreSchema.optional(),
    iScore: DiscScoreSchema.optional(),
    sScore: DiscScoreSchema.optional(),
    cScore: DiscScoreSchema.optional(),
    primaryType: DiscTypeSchema.nullable().optional(),
    /** Checked against the assessment type below: DISC percentages or the 20 Prevue dimensions. */
    scoresData: z.unknown().optional(),
    answers: z
      .array(AnswerSchema, { error: 'Answers must be a list' })
      .max(ANSWERS_MAX, { error: `At most ${ANSWERS_MAX} answers` })
      .default([]),
    timestamp: z.string().max(64).nullable().optional(),
    userId: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    if (body.assessmentType === 'disc') {
      const percentages =
        body.scoresData == null ? null : parseScoresData(DiscScoresDataSchema, body.scoresData, context)
      for (const [letter, field] of Object.entries(DISC_SCORE_FIELDS) as Array<
        [keyof DiscScoresData, (typeof DISC_SCORE_FIELDS)[keyof DiscScoresData]]
      >) {
        const given = body[field]
        if (given === undefined && !percentages && body.scoresData == null)
          context.addIssue({ code: 'custom', path: [field], message: `${SCORE_MESSAGE} (required)` })
        else if (given !== undefined && percentages && percentages[letter] !== given)
          context.addIssue({
            code: 'custom',
            path: ['scoresData', letter],
            message: `scoresData.${letter} (${percentages[letter]}) differs from ${field} (${given})`,
          })
      }
      const notLetter = body.answers.findIndex((answer) => !isDiscLetter(answer))
      if (notLetter !== -1)
        context.addIssue({
          code: 'custom',
          path: ['answers', notLetter],
          message: 'DISC answers must be D, I, S or C',
        })
    } else if (body.scoresData == null) {
      context.addIssue({
        code: 'custom',
        path: ['scoresData'],
        message: 'A Prevue assessment needs its scores',
      })
    } else {
      parseScoresData(PrevueScoresSchema, body.scoresData, context)
    }
  })
  .transform((body) => {
    if (body.assessmentType === 'prevue') {
      return {
        assessmentType: 'prevue' as const,
        name: body.name ?? '',
        dScore: null,
        iScore: null,
        sScore: null,
        cScore: null,
        scoresData: PrevueScoresSchema.parse(body.scoresData),
        answers: body.answers,
      }
    }
    const percentages = body.scoresData == null ? null : DiscScoresDataSchema.parse(body.scoresData)
    return {
      assessmentType: 'disc' as const,
      name: body.name ?? '',
      dScore: body.dScore ?? percentages?.D ?? 0,
      iScore: body.iScore ?? percentages?.I ?? 0,
      sScore: body.sScore ?? percentages?.S ?? 0,
      cScore: body.cScore ?? percentages?.C ?? 0,
      scoresData: null,
      answers: body.answers,
    }
  })
/** What a client sends. */
export type SaveAssessmentRequest = z.input<typeof SaveAssessmentRequestSchema>
/** What the service keeps of it after validation. */
export type ValidatedAssessment = z.output<typeof SaveAssessmentRequestSchema>

/**
 * A saved assessment as every profiles answer shows it. A DISC profile has its four scores and primary type
 * and `scoresData` null; a Prevue profile has `scoresData` (its 20 dimensions) and null DISC scores and
 * primary type, because it never measured them (docs/decisions/028-prevue-shown-as-prevue.md).
 */
export const ProfileSchema = z.object({
  id: z.number().int(),
  /** The owner's user id: the same integer as `id` in /api/auth/me (decision 043). */
  userId: z.number().int().positive(),
  name: z.string(),
  assessmentType: AssessmentTypeSchema,
  dScore: z.number().int().nullable(),
  iScore: z.number().int().nullable(),
  sScore: z.number().int().nullable(),
  cScore: z.number().int().nullable(),
  primaryType: DiscTypeSchema.nullable(),
  scoresData: PrevueScoresSchema.nullable(),
  answers: z.array(z.string()),
  timestamp: z.string(),
})
export type Profile = z.infer<typeof ProfileSchema>

/**
 * Why the caller may see a profile, in the spec's two values: they own it, or it is shared with them (with
 * `sharedBy`). A profile an administrator sees by role is 'shared', with `sharedBy` naming its owner and
 * `visibleAs: 'administrator'` saying why.
 */
export const ACCESS_TYPES = ['owner', 'shared'] as const
export const AccessTypeSchema = z.enum(ACCESS_TYPES)
export type AccessType = z.infer<typeof AccessTypeSchema>

export const AccessibleProfileSchema = ProfileSchema.extend({
  accessType: AccessTypeSchema,
  /** Who shared it: the owner, or for a forward the owner whose share it came from. */
  sharedBy: z.object({ name: z.string(), email: z.string() }).optional(),
  /** On a forward: the guest owner it reached the caller through ("shared by the owner via them"). */
  sharedVia: z.object({ name: z.string(), email: z.string() }).optional(),
  /** Set when the caller holds it with the right to share it on (invited with 'View and share'). */
  mayForward: z.boolean().optional(),
  /** Set when the caller sees the profile through the administrator role rather than a grant. */
  visibleAs: z.literal('administrator').optional(),
})
export type AccessibleProfile = z.infer<typeof AccessibleProfileSchema>

export const ProfileListSchema = z.array(ProfileSchema)

/** Internal (sharing → profiles): how many profiles the user a call acts for owns; sharing needs one to share. */
export const OwnedProfilesResponseSchema = z.object({ owned: z.number().int().min(0) })
export type OwnedProfilesResponse = z.infer<typeof OwnedProfilesResponseSchema>
export const AccessibleProfileListSchema = z.array(AccessibleProfileSchema)

/** `GET /api/profiles/search?name=`: the service answers 400 for a blank or over-long name. */
export const ProfileSearchQuerySchema = z.object({
  name: z.string({ error: 'Enter a name to search for a profile' }).default(''),
})
export type ProfileSearchQuery = z.infer<typeof ProfileSearchQuerySchema>

export const ProfileSearchResponseSchema = z.object({
  match: AccessibleProfileSchema.nullable(),
  others: z.array(z.string()),
})
export type ProfileSearchResponse = z.infer<typeof ProfileSearchResponseSchema>

/** `GET /api/profiles/lookup`: a page of the profiles the caller may see whose name contains `q`, by name. */
export const PROFILE_LOOKUP_PAGE_MAX = 50
export const ProfileLookupQuerySchema = z.object({
  q: z.string().trim().max(PROFILE_SEARCH_NAME_MAX).default(''),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PROFILE_LOOKUP_PAGE_MAX).default(20),
})
export const ProfileLookupResponseSchema = z.object({
  items: AccessibleProfileListSchema,
  nextCursor: z.string().nullable(),
})
export type ProfileLookupResponse = z.infer<typeof ProfileLookupResponseSchema>

/**
 * `GET /api/profiles/map`: the team map of Collaborate. Every visible profile counts in `density` (a
 * `size` × `size` grid over the DISC circle, row-major); `people` lists at most PROFILE_MAP_PEOPLE_MAX of
 * them, those matching `q` when given, so the answer stays small with 100,000 profiles.
 */
export const PROFILE_MAP_PEOPLE_MAX = 300
export const ProfileMapQuerySchema = z.object({
  q: z.string().trim().max(PROFILE_SEARCH_NAME_MAX).default(''),
})
export const ProfileMapPointSchema = ProfileSchema.pick({
  id: true,
  name: true,
  assessmentType: true,
  primaryType: true,
  dScore: true,
  iScore: true,
  sScore: true,
  cScore: true,
  scoresData: true,
})
export const ProfileMapResponseSchema = z.object({
  total: z.number().int(),
  matching: z.number().int(),
  people: z.array(ProfileMapPointSchema),
  density: z.object({ size: z.number().int(), cells: z.array(z.number().int()) }),
})
export type ProfileMapResponse = z.infer<typeof ProfileMapResponseSchema>
