import { z } from 'zod'

/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as the product speaks it under `/scim/v2`: the User
 * resource and the messages around it (docs/decisions/064-scim-provisioning.md).
 */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User'
export const SCIM_ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error'
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
export const SCIM_MEDIA_TYPE = 'application/scim+json'
/** The most resources one page of a list answers (ServiceProviderConfig `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200

const text = (max: number) => z.string().max(max)

/** Entra ID sends booleans as the strings "True" and "False" in some PATCH operations. */
export const ScimBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])])
  .transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'true'))

export const ScimEmailSchema = z.object({
  value: text(320),
  type: text(64).nullish(),
  primary: ScimBooleanSchema.nullish(),
  display: text(320).nullish(),
})

export const ScimNameSchema = z.object({
  givenName: text(200).nullish(),
  familyName: text(200).nullish(),
  formatted: text(400).nullish(),
  middleName: text(200).nullish(),
})

/**
 * A User as a SCIM client sends it to create or replace one. Attributes the product does not keep (titles,
 * phone numbers, the enterprise extension) are accepted and dropped, as RFC 7644 section 3.3 allows.
 */
export const ScimUserRequestSchema = z.object({
  schemas: z.array(text(200)).max(10).optional(),
  userName: text(320),
  externalId: text(256).nullish(),
  name: ScimNameSchema.nullish(),
  displayName: text(400).nullish(),
  emails: z.array(ScimEmailSchema).max(20).nullish(),
  active: ScimBooleanSchema.nullish(),
  password: text(256).nullish(),
})
export type ScimUserRequest = z.infer<typeof ScimUserRequestSchema>

/** RFC 7644 section 3.5.2; `op` is matched without regard to case, as Entra ID sends `Replace`. */
export const ScimPatchRequestSchema = z.object({
  schemas: z.array(text(200)).max(10).optional(),
  Operations: z
    .array(z.object({ op: text(16), path: text(512).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(100),
})
export type ScimPatchRequest = z.infer<typeof ScimPatchRequestSchema>

export const ScimListQuerySchema = z.object({
  filter: text(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: text(1000).optional(),
  excludedAttributes: text(1000).optional(),
})

export const ScimIdParamsSchema = z.object({ id: text(64) })

export const ScimMetaSchema = z.object({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string(),
  version: z.string().optional(),
})

/** A User as the product answers it (RFC 7643 section 4.1 and its example 8.2). */
export const ScimUserSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  meta: ScimMetaSchema,
})
export type ScimUser = z.infer<typeof ScimUserSchema>

export const ScimUserListSchema = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(ScimUserSchema),
})

/** The discovery documents (RFC 7644 section 4): fixed descriptions of what this provider supports. */
export const ScimDocumentSchema = z.looseObject({ schemas: z.array(z.string()) })

/** RFC 7644 section 3.12: `status` is the HTTP status as a string. */
export const ScimErrorSchema = z.object({
  schemas: z.array(z.string()),
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string().optional(),
})
export type ScimError = z.infer<typeof ScimErrorSchema>
