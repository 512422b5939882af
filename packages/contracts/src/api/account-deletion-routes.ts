import { z } from 'zod'
import {
  AccountDeletedSchema,
  DeleteAccountRequestSchema,
  DeletionLinkCheckSchema,
  DeletionLinkParamsSchema,
  DeletionLinkSentSchema,
} from '../account-deletion.ts'
import { UserIdSchema } from '../auth.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

/** Deleting accounts (auth; docs/decisions/061-account-deletion.md, 066-deletion-link.md). */
export const accountDeletionRoutes = {
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/account',
    target: 'auth',
    access: 'signed-in',
    summary:
      "Delete the caller's account, confirmed with the current password or, for an account without a usable password, the token of a mailed deletion link: its profiles, invitations and grants go, every session ends",
    body: DeleteAccountRequestSchema,
    responses: { 200: AccountDeletedSchema },
  }),
  sendDeletionLink: route({
    method: 'POST',
    path: '/api/account/deletion-link',
    target: 'auth',
    access: 'signed-in',
    perAddressLimit: 'credentials',
    summary:
      "Mail the caller a single-use link (one hour) that confirms the deletion of an account without a usable password (one made by a provider's sign-in); 409 for an account with one",
    responses: { 200: DeletionLinkSentSchema },
  }),
  checkDeletionLink: route({
    method: 'GET',
    path: '/api/account/deletion-link/:token',
    target: 'auth',
    access: 'signed-in',
    summary: "Whether a deletion link is still valid for the caller's own account",
    params: DeletionLinkParamsSchema,
    responses: { 200: DeletionLinkCheckSchema },
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/api/admin/user/:id',
    target: 'auth',
    access: ADMINISTRATOR,
    summary: 'Delete an account (administrators), with the same effects; never the last administrator',
    params: z.object({ id: UserIdSchema }),
    responses: { 200: AccountDeletedSchema },
  }),
} satisfies Record<string, ApiRoute>
