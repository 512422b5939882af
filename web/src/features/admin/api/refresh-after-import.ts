import type { QueryClient } from '@tanstack/react-query'
import { ACCOUNT_READS, PROFILE_READS, refreshEndpoints } from '../../../lib/query-refresh.ts'

/**
 * An import (even one that failed part-way) may have added accounts and profiles: the account lists and
 * every list of profiles show them when next shown.
 */
export function refreshAfterImport(queryClient: QueryClient): Promise<void> {
  return refreshEndpoints(queryClient, [...ACCOUNT_READS, ...PROFILE_READS])
}
