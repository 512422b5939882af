import { z } from 'zod'
import { CreatedScimTokenSchema, CreateScimTokenRequestSchema, ScimTokenSchema } from '../scim-tokens.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

const ScimTokenIdParamsSchema = z.object({ id: z.uuid() })

/** The bearer tokens of SCIM clients, which administrators create and revoke (auth; decision 064). */
export const scimTokenRoutes = {
  listScimTokens: route({
    method: 'GET',
    path: '/api/admin/scim-tokens',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'The SCIM tokens in force, without the tokens themselves',
    responses: { 200: z.array(ScimTokenSchema) },
  }),
  createScimToken: route({
    method: 'POST',
    path: '/api/admin/scim-tokens',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Create a SCIM bearer token; the answer is the only time it is shown',
    body: CreateScimTokenRequestSchema,
    responses: { 201: CreatedScimTokenSchema },
  }),
  revokeScimToken: route({
    method: 'DELETE',
    path: '/api/admin/scim-tokens/:id',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Revoke a SCIM token: the next request carrying it is refused',
    params: ScimTokenIdParamsSchema,
    responses: { 200: z.object({ message: z.string() }) },
  }),
} satisfies Record<string, ApiRoute>
