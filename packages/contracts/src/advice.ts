import { z } from 'zod'
export { MAX_FOLLOW_UPS, QUESTION_MAX_LENGTH, RESPONSE_LENGTHS } from './advice-values.ts'
import { MAX_FOLLOW_UPS, QUESTION_MAX_LENGTH, RESPONSE_LENGTHS } from './advice-values.ts'
import { AssessmentTypeSchema } from './profiles.ts'
import { QuestionCategorySchema } from './questions.ts'

export const ResponseLengthSchema = z.enum(RESPONSE_LENGTHS)
export type ResponseLength = z.infer<typeof ResponseLengthSchema>

const QuestionTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'Please enter a question' })
  .max(QUESTION_MAX_LENGTH, { error: `Questions are limited to ${QUESTION_MAX_LENGTH} characters` })

const ProfileIdSchema = z.number().int().positive()

/** `POST /api/ai/disc-analysis` (and `/stream`): advice about one profile for one audience. */
export const DiscAnalysisRequestSchema = z
  .object({
    profileId: ProfileIdSchema,
    question: QuestionTextSchema,
    category: QuestionCategorySchema.default('self'),
    responseLength: ResponseLengthSchema.default('long'),
    /** Sent by the spec's client; the service uses the stored profile's own type. */
    assessmentType: AssessmentTypeSchema.optional(),
  })
  .strict()
export type DiscAnalysisRequest = z.input<typeof DiscAnalysisRequestSchema>

/**
 * `POST /api/ai/disc-collaboration` (and `/stream`). The spec's client sends whole profile objects; only
 * their ids are read, and both profiles are loaded server-side with the caller's access (decision 037).
 */
const ProfileReferenceSchema = z.looseObject({ id: ProfileIdSchema })
export const DiscCollaborationRequestSchema = z
  .object({
    myProfile: ProfileReferenceSchema,
    theirProfile: ProfileReferenceSchema,
    question: QuestionTextSchema,
    responseLength: ResponseLengthSchema.default('long'),
  })
  .strict()
export type DiscCollaborationRequest = z.input<typeof DiscCollaborationRequestSchema>

export const AdviceResponseSchema = z.object({
  /** Plain text with `**bold**` markers and newlines; never HTML. */
  response: z.string(),
  followUps: z.array(z.string()).max(MAX_FOLLOW_UPS),
})
export type AdviceResponse = z.infer<typeof AdviceResponseSchema>

/**
 * The streaming variants answer `text/event-stream`, one JSON object per `data:` line, in this order:
 * any number of `{ type: 'token', text }`, then one `{ type: 'done', response, followUps }`, or, if the
 * provider fails after the stream began, one `{ type: 'error', message, code }`. Errors before the first
 * token are ordinary JSON answers with their status (403, 429, 503, …).
 */
export const AdviceStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), text: z.string() }),
  AdviceResponseSchema.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
])
export type AdviceStreamEvent = z.infer<typeof AdviceStreamEventSchema>
