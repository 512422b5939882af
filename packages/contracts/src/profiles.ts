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
 * `POST /api/assessments`. Owner, primary type and timestamp are the server's: `userId`, `primaryType` and
 * `timestamp` are accepted for the spec's client but ignored, and unknown keys (`id`, `role`, …) are dropped.
 * DISC needs the four scores and answers that are D, I, S or C letters; Prevue needs `scoresData`, and its
 * four DISC scores default to 0.
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
    scoresData: PrevueScoresSchema.nullable().optional(),
    answers: z
      .array(AnswerSchema, { error: 'Answers must be a list' })
      .max(ANSWERS_MAX, { error: `At most ${ANSWERS_MAX} answers` })
      .default([]),
    timestamp: z.string().max(64).nullable().optional(),
    userId: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    if (body.assessmentType === 'disc') {
      for (const field of ['dScore', 'iScore', 'sScore', 'cScore'] as const) {
        if (body[field] === undefined)
          context.addIssue({ code: 'custom', path: [field], message: `${SCORE_MESSAGE} (required)` })
      }
      const notLetter = body.answers.findIndex((answer) => !isDiscLetter(answer))
      if (notLetter !== -1)
        context.addIssue({
          code: 'custom',
          path: ['answers', notLetter],
          message: 'DISC answers must be D, I, S or C',
        })
    } else if (!body.scoresData) {
      context.addIssue({
        code: 'custom',
        path: ['scoresData'],
        message: 'A Prevue assessment needs its scores',
      })
    }
  })
  .transform((body) => ({
    assessmentType: body.assessmentType,
    name: body.name ?? '',
    dScore: body.dScore ?? 0,
    iScore: body.iScore ?? 0,
    sScore: body.sScore ?? 0,
    cScore: body.cScore ?? 0,
    scoresData: body.assessmentType === 'prevue' ? (body.scoresData ?? null) : null,
    answers: body.answers,
  }))
/** What a client sends. */
export type SaveAssessmentRequest = z.input<typeof SaveAssessmentRequestSchema>
/** What the service keeps of it after validation. */
export type ValidatedAssessment = z.output<typeof SaveAssessmentRequestSchema>

/** A saved assessment as every profiles answer shows it. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  name: z.string(),
  assessmentType: AssessmentTypeSchema,
  dScore: z.number().int(),
  iScore: z.number().int(),
  sScore: z.number().int(),
  cScore: z.number().int(),
  primaryType: DiscTypeSchema,
  scoresData: PrevueScoresSchema.nullable(),
  answers: z.array(z.string()),
  timestamp: z.string(),
})
export type Profile = z.infer<typeof ProfileSchema>

/**
 * Why the caller may see a profile: they own it, it was shared with them (with `sharedBy`), or they are an
 * administrator, who sees every profile.
 */
export const ACCESS_TYPES = ['owner', 'shared', 'administrator'] as const
export const AccessTypeSchema = z.enum(ACCESS_TYPES)
export type AccessType = z.infer<typeof AccessTypeSchema>

export const AccessibleProfileSchema = ProfileSchema.extend({
  accessType: AccessTypeSchema,
  sharedBy: z.object({ name: z.string(), email: z.string() }).optional(),
})
export type AccessibleProfile = z.infer<typeof AccessibleProfileSchema>

export const ProfileListSchema = z.array(ProfileSchema)
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
