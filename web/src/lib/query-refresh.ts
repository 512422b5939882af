import type { QueryClient } from '@tanstack/react-query'
import type { ReadPath } from './query-keys.ts'

// Apart from query-keys.ts, which the first page loads for the current user's key: these groups and
// refreshes load with the pages that change data.

/** The endpoints that list or find profiles: a save or an import changes what each of them answers. */
export const PROFILE_READS = [
  '/api/accessible-profiles',
  '/api/all-profiles',
  '/api/profiles/search',
  '/api/profiles/lookup',
  '/api/profiles/map',
] as const satisfies readonly ReadPath[]

/** The endpoints that list the caller's invitations and their history. */
export const SHARING_READS = [
  '/api/invitations',
  '/api/invitations/history',
] as const satisfies readonly ReadPath[]

/** The administrator's lists of accounts. */
export const ACCOUNT_READS = [
  '/api/admin/users',
  '/api/admin/guest-users',
  '/api/admin/user/:id',
] as const satisfies readonly ReadPath[]

const isAnswerOf = (paths: readonly ReadPath[]) => (query: { queryKey: readonly unknown[] }) =>
  (paths as readonly unknown[]).includes(query.queryKey[0])

/** Marks every cached answer of these endpoints stale; the ones on screen are read again at once. */
export function invalidateEndpoints(queryClient: QueryClient, paths: readonly ReadPath[]): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isAnswerOf(paths) })
}

/**
 * After a change to what these endpoints answer: answers nobody is looking at are dropped rather than
 * marked stale, so the next page that shows one opens on the fresh answer instead of flashing the old one
 * first, and the ones on screen are read again.
 */
export function refreshEndpoints(queryClient: QueryClient, paths: readonly ReadPath[]): Promise<void> {
  queryClient.removeQueries({ predicate: isAnswerOf(paths), type: 'inactive' })
  return invalidateEndpoints(queryClient, paths)
}
