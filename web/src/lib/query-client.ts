import { QueryClient } from '@tanstack/react-query'

/**
 * The spec's data-fetching defaults (section 9): no retry, no refetch on focus, no polling, never stale.
 * Requests run even when the browser reports itself offline, so a network failure shows its error at once
 * instead of leaving a call paused until the connection returns.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

export const queryClient = createQueryClient()
