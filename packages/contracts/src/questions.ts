import { z } from 'zod'
export {
  DETAILED_QUESTION_MAX,
  MAX_QUESTIONS_PER_CATEGORY,
  QUESTION_CATEGORIES,
  SHORT_FORM_MAX,
} from './questions-values.ts'
import {
  DETAILED_QUESTION_MAX,
  MAX_QUESTIONS_PER_CATEGORY,
  QUESTION_CATEGORIES,
  SHORT_FORM_MAX,
} from './questions-values.ts'

export const QuestionCategorySchema = z.enum(QUESTION_CATEGORIES)
export type QuestionCategory = z.infer<typeof QuestionCategorySchema>

/** A quick question: the button text (shortForm) and the fuller question sent to the AI (detailedQuestion). */
export const QuestionSchema = z.object({
  id: z.number().int(),
  /** The spec's client reads `questionId` as well; it is the same value as `id`. */
  questionId: z.number().int(),
  category: QuestionCategorySchema,
  shortForm: z.string(),
  detailedQuestion: z.string(),
  displayOrder: z.number().int(),
})
export type Question = z.infer<typeof QuestionSchema>
export const QuestionListSchema = z.array(QuestionSchema)

/**
 * `POST /api/questions` and `PUT /api/questions/:id`. Blank fields are refused by the service with the
 * spec's 'Please provide both a short form and detailed question', so they are plain strings here.
 */
export const SaveQuestionRequestSchema = z
  .object({
    // A missing text is as blank as an empty one: the spec's 'Missing information', not a schema error.
    shortForm: z.string().max(SHORT_FORM_MAX).default(''),
    detailedQuestion: z.string().max(DETAILED_QUESTION_MAX).default(''),
    category: QuestionCategorySchema,
  })
  .strict()
export type SaveQuestionRequest = z.infer<typeof SaveQuestionRequestSchema>

export const QuestionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() })

/** `PATCH /api/questions/reorder`: all or nothing. */
export const ReorderQuestionsRequestSchema = z
  .object({
    updates: z
      .array(
        z
          .object({ id: z.number().int().positive(), displayOrder: z.number().int().min(0).max(1000) })
          .strict(),
      )
      .min(1)
      .max(MAX_QUESTIONS_PER_CATEGORY * QUESTION_CATEGORIES.length),
  })
  .strict()
export type ReorderQuestionsRequest = z.infer<typeof ReorderQuestionsRequestSchema>

/** `POST /api/questions/import`: one line per question, 'Short Form | Detailed Question'. */
export const ImportQuestionsRequestSchema = z
  .object({ category: QuestionCategorySchema, text: z.string().max(100_000) })
  .strict()
export type ImportQuestionsRequest = z.infer<typeof ImportQuestionsRequestSchema>
export const ImportQuestionsResponseSchema = z.object({ added: QuestionListSchema })
