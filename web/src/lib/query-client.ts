import { QueryClient } from '@tanstack/react-query'

/** The spec's data-fetching defaults (section 9): no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
