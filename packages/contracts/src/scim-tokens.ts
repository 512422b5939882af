import { z } from 'zod'

/*
 * Apart from scim.ts: the administrator's page reads only these, and they use nothing of zod that the pages
 * do not load already (docs/decisions/064-scim-provisioning.md).
 */

/** The tokens a SCIM client presents, as an administrator sees them: never the token itself after creation. */
export const ScimTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.number().int(),
  lastUsedAt: z.string().nullable(),
})
export type ScimToken = z.infer<typeof ScimTokenSchema>

export const CreateScimTokenRequestSchema = z.object({ label: z.string().max(100) })
export type CreateScimTokenRequest = z.infer<typeof CreateScimTokenRequestSchema>

/** The answer of creating a token: the only time the token is shown. */
export const CreatedScimTokenSchema = ScimTokenSchema.extend({ token: z.string() })
export type CreatedScimToken = z.infer<typeof CreatedScimTokenSchema>
