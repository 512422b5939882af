import type { OidcSettings } from '@app/contracts/oidc'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

/**
 * The tenant's OpenID Connect providers as configured, without their secrets. Typed from the catalog only:
 * the schema would join the chunk of schemas every signed-in page loads.
 */
export function getSignInSettings(): Promise<OidcSettings> {
  return apiClient.get('/api/admin/sign-in-providers')
}

export function getSignInSettingsQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/admin/sign-in-providers'), queryFn: getSignInSettings })
}

export function useSignInSettings() {
  return useQuery(getSignInSettingsQueryOptions())
}
