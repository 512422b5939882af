import { z } from 'zod'
import { AccountDeletedSchema, DeleteAccountRequestSchema } from '../account-deletion.ts'
import { UserIdSchema } from '../auth.ts'
import { ADMINISTRATOR, route, type ApiRoute } from './route.ts'

/** Deleting accounts (auth; docs/decisions/061-account-deletion.md). */
export const accountDeletionRoutes = {
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/account',
    target: 'auth',
    access: 'signed-in',
    summary:
      "Delete the caller's account, confirmed with the current password: its profiles, invitations and grants go, every session ends",
    body: DeleteAccountRequestSchema,
    responses: { 200: AccountDeletedSchema },
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
