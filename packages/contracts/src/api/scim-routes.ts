import { z } from 'zod'
import {
  ScimDocumentSchema,
  ScimIdParamsSchema,
  ScimListQuerySchema,
  ScimPatchRequestSchema,
  ScimUserListSchema,
  ScimUserRequestSchema,
  ScimUserSchema,
} from '../scim.ts'
import { route, type ApiRoute } from './route.ts'

const USERS = '/scim/v2/Users'

/**
 * SCIM 2.0 provisioning (RFC 7644) under `/scim/v2`, as the RFC names it: for SCIM clients (Entra ID, Okta)
 * holding a bearer token an administrator created. Answers and errors are `application/scim+json` (decision 064).
 */
export const scimRoutes = {
  scimServiceProviderConfig: route({
    method: 'GET',
    path: '/scim/v2/ServiceProviderConfig',
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: what this provider supports (PATCH, filter, ETags; no bulk, sort or password change)',
    responses: { 200: ScimDocumentSchema },
  }),
  scimResourceTypes: route({
    method: 'GET',
    path: '/scim/v2/ResourceTypes',
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: the resource types (User)',
    responses: { 200: ScimDocumentSchema },
  }),
  scimSchemas: route({
    method: 'GET',
    path: '/scim/v2/Schemas',
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: the schema of the User resource',
    responses: { 200: ScimDocumentSchema },
  }),
  scimListUsers: route({
    method: 'GET',
    path: USERS,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: users, filtered by `userName eq`, `emails.value eq` or `externalId eq`, paged',
    querystring: ScimListQuerySchema,
    responses: { 200: ScimUserListSchema },
  }),
  scimCreateUser: route({
    method: 'POST',
    path: USERS,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: provision an account',
    body: ScimUserRequestSchema,
    responses: { 201: ScimUserSchema },
  }),
  scimGetUser: route({
    method: 'GET',
    path: `${USERS}/:id`,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: one account',
    params: ScimIdParamsSchema,
    responses: { 200: ScimUserSchema },
  }),
  scimReplaceUser: route({
    method: 'PUT',
    path: `${USERS}/:id`,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: replace an account (If-Match honoured)',
    params: ScimIdParamsSchema,
    body: ScimUserRequestSchema,
    responses: { 200: ScimUserSchema },
  }),
  scimPatchUser: route({
    method: 'PATCH',
    path: `${USERS}/:id`,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: change an account, `active: false` deactivating it (If-Match honoured)',
    params: ScimIdParamsSchema,
    body: ScimPatchRequestSchema,
    responses: { 200: ScimUserSchema },
  }),
  scimDeleteUser: route({
    method: 'DELETE',
    path: `${USERS}/:id`,
    target: 'auth',
    access: 'scim',
    summary: 'SCIM: delete an account, as an administrator does (its profiles, grants and invitations go)',
    params: ScimIdParamsSchema,
    responses: { 204: z.null() },
  }),
} satisfies Record<string, ApiRoute>
