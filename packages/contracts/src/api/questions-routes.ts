import { MessageSchema } from '../auth.ts'
import {
  ImportQuestionsRequestSchema,
  ImportQuestionsResponseSchema,
  QuestionIdParamsSchema,
  QuestionListSchema,
  QuestionSchema,
  ReorderQuestionsRequestSchema,
  SaveQuestionRequestSchema,
} from '../questions.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

/** The quick questions of the Ask page (questions). */
export const questionRoutes = {
  listQuestions: route({
    method: 'GET',
    path: '/api/questions',
    target: 'questions',
    access: 'signed-in',
    summary: 'The quick questions of every category, in display order',
    responses: { 200: QuestionListSchema },
  }),
  createQuestion: route({
    method: 'POST',
    path: '/api/questions',
    target: 'questions',
    access: ADMINISTRATOR,
    summary: 'Add a quick question (at most 10 per category)',
    body: SaveQuestionRequestSchema,
    responses: { 201: QuestionSchema },
  }),
  updateQuestion: route({
    method: 'PUT',
    path: '/api/questions/:id',
    target: 'questions',
    access: ADMINISTRATOR,
    summary: 'Change a quick question',
    params: QuestionIdParamsSchema,
    body: SaveQuestionRequestSchema,
    responses: { 200: QuestionSchema },
  }),
  deleteQuestion: route({
    method: 'DELETE',
    path: '/api/questions/:id',
    target: 'questions',
    access: ADMINISTRATOR,
    summary: 'Remove a quick question',
    params: QuestionIdParamsSchema,
    responses: { 200: MessageSchema },
  }),
  reorderQuestions: route({
    method: 'PATCH',
    path: '/api/questions/reorder',
    target: 'questions',
    access: ADMINISTRATOR,
    summary: 'Save a new order of quick questions, all or nothing',
    body: ReorderQuestionsRequestSchema,
    responses: { 200: QuestionListSchema },
  }),
  importQuestions: route({
    method: 'POST',
    path: '/api/questions/import',
    target: 'questions',
    access: ADMINISTRATOR,
    summary: "Add quick questions from lines of 'Short Form | Detailed Question'",
    body: ImportQuestionsRequestSchema,
    responses: { 201: ImportQuestionsResponseSchema },
  }),
} satisfies Record<string, ApiRoute>
