import { INVITING_ROLES, SAVING_ROLES } from '@app/domain/roles'
import { MessageSchema } from '../auth.ts'
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  AccessHistoryQuerySchema,
  AccessHistorySchema,
  CreateInvitationRequestSchema,
  InvitationDetailsSchema,
  InvitationIdParamsSchema,
  InvitationListSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  RevokeInvitationResponseSchema,
} from '../sharing.ts'
import { route, type ApiRoute } from './route.ts'

/** Invitations and access to shared profiles (sharing). */
export const sharingRoutes = {
  listInvitations: route({
    method: 'GET',
    path: '/api/invitations',
    target: 'sharing',
    access: 'signed-in',
    summary: 'The invitations the caller sent and has not revoked (forwards included), newest first',
    responses: { 200: InvitationListSchema },
  }),
  createInvitation: route({
    method: 'POST',
    path: '/api/invitations',
    target: 'sharing',
    access: INVITING_ROLES,
    summary: "Invite someone to the caller's profile, or (guest owners) forward a profile shared with them",
    body: CreateInvitationRequestSchema,
    responses: { 201: InvitationSchema },
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/api/invitations/:id',
    target: 'sharing',
    access: 'signed-in',
    summary: 'Revoke an invitation the caller sent, and every forward below it; effective at once',
    params: InvitationIdParamsSchema,
    responses: { 200: RevokeInvitationResponseSchema },
  }),
  invitationDetails: route({
    method: 'GET',
    path: '/api/invitations/details/:token',
    target: 'sharing',
    access: 'public',
    summary: 'Who an invitation link is for and who sent it',
    params: InvitationTokenParamsSchema,
    responses: { 200: InvitationDetailsSchema },
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/api/invitations/accept/:token',
    target: 'sharing',
    access: 'public',
    summary: "Accept an invitation: creates or finds the invitee's account and signs them in",
    params: InvitationTokenParamsSchema,
    body: AcceptInvitationRequestSchema,
    responses: { 200: AcceptInvitationResponseSchema },
  }),
  acceptInvitationWithGet: route({
    method: 'GET',
    path: '/api/invitations/accept/:token',
    target: 'sharing',
    access: 'public',
    summary: 'Always 405: accepting changes state, so it is a POST (decision 034)',
    params: InvitationTokenParamsSchema,
    responses: { 200: MessageSchema },
  }),
  accessHistory: route({
    method: 'GET',
    path: '/api/invitations/history',
    target: 'sharing',
    access: SAVING_ROLES,
    summary: "The access history of a profile: the caller's own, or (administrators) any owner's",
    querystring: AccessHistoryQuerySchema,
    responses: { 200: AccessHistorySchema },
  }),
} satisfies Record<string, ApiRoute>
