import { SAVING_ROLES } from '@app/domain/roles'
import {
  AccessibleProfileListSchema,
  ProfileListSchema,
  ProfileLookupQuerySchema,
  ProfileLookupResponseSchema,
  ProfileMapQuerySchema,
  ProfileMapResponseSchema,
  ProfileSchema,
  ProfileSearchQuerySchema,
  ProfileSearchResponseSchema,
  SaveAssessmentRequestSchema,
} from '../profiles.ts'
import { route, type ApiRoute } from './route.ts'

/** Assessments and profiles (profiles). */
export const profileRoutes = {
  saveAssessment: route({
    method: 'POST',
    path: '/api/assessments',
    target: 'profiles',
    access: SAVING_ROLES,
    summary: "Save an assessment as the caller's profile",
    body: SaveAssessmentRequestSchema,
    responses: { 201: ProfileSchema },
  }),
  listAssessments: route({
    method: 'GET',
    path: '/api/assessments',
    target: 'profiles',
    access: 'signed-in',
    summary: "The caller's saved assessments (every one for administrators), newest first",
    responses: { 200: ProfileListSchema },
  }),
  accessibleProfiles: route({
    method: 'GET',
    path: '/api/accessible-profiles',
    target: 'profiles',
    access: 'signed-in',
    summary: 'The profiles the caller may see',
    responses: { 200: AccessibleProfileListSchema },
  }),
  allProfiles: route({
    method: 'GET',
    path: '/api/all-profiles',
    target: 'profiles',
    access: 'signed-in',
    summary: 'Every profile the caller may see (all of them for administrators)',
    responses: { 200: AccessibleProfileListSchema },
  }),
  searchProfiles: route({
    method: 'GET',
    path: '/api/profiles/search',
    target: 'profiles',
    access: 'signed-in',
    summary: 'The best name match among the profiles the caller may see',
    querystring: ProfileSearchQuerySchema,
    responses: { 200: ProfileSearchResponseSchema },
  }),
  lookupProfiles: route({
    method: 'GET',
    path: '/api/profiles/lookup',
    target: 'profiles',
    access: 'signed-in',
    summary: 'A page of the profiles the caller may see, by name (the pickers of Collaborate)',
    querystring: ProfileLookupQuerySchema,
    responses: { 200: ProfileLookupResponseSchema },
  }),
  profileMap: route({
    method: 'GET',
    path: '/api/profiles/map',
    target: 'profiles',
    access: 'signed-in',
    summary: 'The team map: where the profiles the caller may see sit on the DISC circle',
    querystring: ProfileMapQuerySchema,
    responses: { 200: ProfileMapResponseSchema },
  }),
} satisfies Record<string, ApiRoute>
