import { z } from 'zod'
import { AdviceResponseSchema, DiscAnalysisRequestSchema, DiscCollaborationRequestSchema } from '../advice.ts'
import { route, type ApiRoute } from './route.ts'

/** AI advice about profiles (advice). */
export const adviceRoutes = {
  discAnalysis: route({
    method: 'POST',
    path: '/api/ai/disc-analysis',
    target: 'advice',
    access: 'signed-in',
    summary: 'Advice about one profile the caller may see, for one audience',
    body: DiscAnalysisRequestSchema,
    responses: { 200: AdviceResponseSchema },
  }),
  discAnalysisStream: route({
    method: 'POST',
    path: '/api/ai/disc-analysis/stream',
    target: 'advice',
    access: 'signed-in',
    summary: 'The same advice as server-sent events (AdviceStreamEventSchema), word by word',
    body: DiscAnalysisRequestSchema,
    responses: { 200: z.string() },
  }),
  discCollaboration: route({
    method: 'POST',
    path: '/api/ai/disc-collaboration',
    target: 'advice',
    access: 'signed-in',
    summary: 'Relationship insights for two profiles the caller may see',
    body: DiscCollaborationRequestSchema,
    responses: { 200: AdviceResponseSchema },
  }),
  discCollaborationStream: route({
    method: 'POST',
    path: '/api/ai/disc-collaboration/stream',
    target: 'advice',
    access: 'signed-in',
    summary: 'The same insights as server-sent events (AdviceStreamEventSchema), word by word',
    body: DiscCollaborationRequestSchema,
    responses: { 200: z.string() },
  }),
} satisfies Record<string, ApiRoute>
