import { z } from 'zod'
import { INVITING_ROLES, SAVING_ROLES, type Role } from '@app/domain/roles'
import {
  AdminUserSchema,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  InitialPasswordSchema,
  LoginRequestSchema,
  MessageSchema,
  PublicUserSchema,
  RegisterRequestSchema,
  RegisteredUserSchema,
  ConfirmEmailRequestSchema,
  ResetPasswordRequestSchema,
  ResetTokenCheckSchema,
  UpdateUserRequestSchema,
  UserIdSchema,
} from './auth.ts'
import { ClientConfigSchema, ClientLogosSchema } from './client-config.ts'
import {
  IMPORT_BODY_LIMIT_BYTES,
  ImportCsvRequestSchema,
  ImportJobIdParamsSchema,
  ImportJobListSchema,
  ImportJobSchema,
  ImportOptionsSchema,
  ImportResultSchema,
  SingleImportRequestSchema,
} from './imports.ts'
import { ErrorBodySchema } from './errors.ts'
import { AdviceResponseSchema, DiscAnalysisRequestSchema, DiscCollaborationRequestSchema } from './advice.ts'
import {
  ImportQuestionsRequestSchema,
  ImportQuestionsResponseSchema,
  QuestionIdParamsSchema,
  QuestionListSchema,
  QuestionSchema,
  ReorderQuestionsRequestSchema,
  SaveQuestionRequestSchema,
} from './questions.ts'
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
} from './profiles.ts'
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
} from './sharing.ts'
import {
  PDF_CONTENT_TYPE,
  PdfFileSchema,
  PROFILE_REPORT_PATH,
  ProfileReportParamsSchema,
  TEAM_REPORT_PATH,
  TeamReportRequestSchema,
} from './reports.ts'

/** Who may call a public route: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signed-in' | readonly Role[]
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type ApiTarget = 'gateway' | 'auth' | 'profiles' | 'sharing' | 'questions' | 'import' | 'advice'

/**
 * One route of the public API: who answers it, who may call it, and the shape of what goes in and out.
 * The gateway's guard table, the services' own declarations and the OpenAPI document are all read from here.
 */
export interface ApiRoute {
  method: HttpMethod
  /** `:name` is one path segment. */
  path: string
  target: ApiTarget
  access: Access
  /** A session that must change its password may still call it (decision 033). */
  duringPasswordChange?: boolean
  summary: string
  body?: z.ZodType
  params?: z.ZodType
  querystring?: z.ZodType
  /** A larger body limit than the default, in bytes, at the gateway and in the service (the imports). */
  bodyLimit?: number
  /** The media type of the success answer when it is not JSON (the PDF reports). */
  produces?: typeof PDF_CONTENT_TYPE
  /** Every success answer by status; error answers are `{ message, code }` (ErrorBodySchema). */
  responses: Partial<Record<200 | 201 | 204, z.ZodType>>
}

/** `/api/health`: 503 with status 'degraded' when a part is down. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  kv: z.enum(['ok', 'down']),
  upstreams: z.record(
    z.string(),
    z.object({ status: z.enum(['ok', 'down']), detail: z.unknown().optional() }),
  ),
})

const ADMINISTRATOR = ['administrator'] as const
const UserIdParamsSchema = z.object({ id: UserIdSchema })
const ResetTokenParamsSchema = z.object({ token: z.string().max(256) })

const route = <const R extends ApiRoute>(definition: R) => definition

/** Every route of the public API, by a name the code refers to it with. */
export const api = {
  health: route({
    method: 'GET',
    path: '/api/health',
    target: 'gateway',
    access: 'public',
    summary: 'Whether the product is up',
    responses: { 200: HealthSchema },
  }),
  clientConfig: route({
    method: 'GET',
    path: '/api/config',
    target: 'gateway',
    access: 'signed-in',
    duringPasswordChange: true,
    summary: 'Run-time settings of the web app',
    responses: { 200: ClientConfigSchema },
  }),
  clientLogos: route({
    method: 'GET',
    path: '/api/logos',
    target: 'gateway',
    access: 'public',
    summary: "The header's sister-company logos",
    responses: { 200: ClientLogosSchema },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    target: 'auth',
    access: 'public',
    summary: 'Sign in; the answer sets the session cookie',
    body: LoginRequestSchema,
    responses: { 200: PublicUserSchema },
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    target: 'auth',
    access: 'signed-in',
    duringPasswordChange: true,
    summary: 'Sign out; the session ends at once',
    responses: { 200: MessageSchema },
  }),
  me: route({
    method: 'GET',
    path: '/api/auth/me',
    target: 'auth',
    access: 'signed-in',
    duringPasswordChange: true,
    summary: 'The signed-in user',
    responses: { 200: PublicUserSchema },
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/change-password',
    target: 'auth',
    access: 'signed-in',
    duringPasswordChange: true,
    summary: "Change one's own password; other sessions end",
    body: ChangePasswordRequestSchema,
    responses: { 200: MessageSchema },
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/auth/forgot-password',
    target: 'auth',
    access: 'public',
    summary: 'E-mail a reset link; the same answer whether or not the address exists',
    body: ForgotPasswordRequestSchema,
    responses: { 200: ForgotPasswordResponseSchema },
  }),
  checkResetToken: route({
    method: 'GET',
    path: '/api/auth/reset-password/:token',
    target: 'auth',
    access: 'public',
    summary: 'Whether a reset link is still valid',
    params: ResetTokenParamsSchema,
    responses: { 200: ResetTokenCheckSchema },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/reset-password',
    target: 'auth',
    access: 'public',
    summary: 'Choose a new password with a reset token',
    body: ResetPasswordRequestSchema,
    responses: { 200: MessageSchema },
  }),
  initialPassword: route({
    method: 'GET',
    path: '/api/auth/initial-password',
    target: 'auth',
    access: 'signed-in',
    summary: "The derived initial password, while it still opens the caller's account",
    responses: { 200: InitialPasswordSchema },
  }),
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    target: 'auth',
    access: ADMINISTRATOR,
    summary:
      'Create an account (administrators); an address held by an unconfirmed guest account takes that account over',
    body: RegisterRequestSchema,
    responses: { 201: RegisteredUserSchema },
  }),
  confirmEmail: route({
    method: 'POST',
    path: '/api/auth/confirm-email',
    target: 'auth',
    access: 'public',
    summary: "Confirm a guest account's e-mail address with the token of the link mailed to it",
    body: ConfirmEmailRequestSchema,
    responses: { 200: MessageSchema },
  }),
  listUsers: route({
    method: 'GET',
    path: '/api/admin/users',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Every account',
    responses: { 200: z.array(AdminUserSchema) },
  }),
  listGuestUsers: route({
    method: 'GET',
    path: '/api/admin/guest-users',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Guest accounts',
    responses: { 200: z.array(AdminUserSchema) },
  }),
  getUser: route({
    method: 'GET',
    path: '/api/admin/user/:id',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'One account',
    params: UserIdParamsSchema,
    responses: { 200: AdminUserSchema },
  }),
  updateUser: route({
    method: 'PUT',
    path: '/api/admin/user/:id',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: "Change an account's e-mail, username or password; its sessions end",
    params: UserIdParamsSchema,
    body: UpdateUserRequestSchema,
    responses: { 200: AdminUserSchema },
  }),
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
  profileReport: route({
    method: 'GET',
    path: PROFILE_REPORT_PATH,
    target: 'profiles',
    access: 'signed-in',
    summary: 'A profile the caller may see as a PDF report (decision 057)',
    params: ProfileReportParamsSchema,
    produces: PDF_CONTENT_TYPE,
    responses: { 200: PdfFileSchema },
  }),
  teamReport: route({
    method: 'POST',
    path: TEAM_REPORT_PATH,
    target: 'profiles',
    access: SAVING_ROLES,
    summary: 'A team of profiles the caller may see as a PDF report: its styles, map and blind spots',
    body: TeamReportRequestSchema,
    produces: PDF_CONTENT_TYPE,
    responses: { 200: PdfFileSchema },
  }),
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
  importDisc: route({
    method: 'POST',
    path: '/api/simple-import',
    target: 'import',
    access: ADMINISTRATOR,
    summary:
      'Import people with DISC scores from CSV; with Accept: text/event-stream, progress events then the result',
    body: ImportCsvRequestSchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    responses: { 200: ImportResultSchema },
  }),
  importPrevue: route({
    method: 'POST',
    path: '/api/admin/import-prevue',
    target: 'import',
    access: ADMINISTRATOR,
    summary:
      'Import people with Prevue sten scores from CSV; with Accept: text/event-stream, progress events then the result',
    body: ImportCsvRequestSchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    responses: { 200: ImportResultSchema },
  }),
  importSingle: route({
    method: 'POST',
    path: '/api/admin/import/single',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'Add one person with DISC scores (Simple Import, Single User)',
    body: SingleImportRequestSchema,
    responses: { 200: ImportResultSchema },
  }),
  importOptions: route({
    method: 'GET',
    path: '/api/admin/import/options',
    target: 'import',
    access: ADMINISTRATOR,
    summary: "How this tenant's imports make first passwords, and whether they may e-mail set-password links",
    responses: { 200: ImportOptionsSchema },
  }),
  listImports: route({
    method: 'GET',
    path: '/api/admin/imports',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'The import jobs, newest first',
    responses: { 200: ImportJobListSchema },
  }),
  getImport: route({
    method: 'GET',
    path: '/api/admin/imports/:id',
    target: 'import',
    access: ADMINISTRATOR,
    summary: 'One import job with its per-row report (never a password)',
    params: ImportJobIdParamsSchema,
    responses: { 200: ImportJobSchema },
  }),
} satisfies Record<string, ApiRoute>

export type ApiRouteName = keyof typeof api
export const apiRoutes: readonly ApiRoute[] = Object.values(api)

export { ErrorBodySchema }
