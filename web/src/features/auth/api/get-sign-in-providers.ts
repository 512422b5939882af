import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/** The tenant's OpenID Connect providers for the login page, and whether its password form is off. */
export function getSignInProviders() {
  return apiClient.get('/api/auth/oidc/providers')
}

export function getSignInProvidersQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/auth/oidc/providers'), queryFn: getSignInProviders })
}

export function useSignInProviders() {
  return useQuery(getSignInProvidersQueryOptions())
}
