import { ClientLogosSchema, type ClientLogo } from '@app/contracts/client-config'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export async function getSisterLogos(): Promise<ClientLogo[]> {
  return ClientLogosSchema.parse(await apiClient.get<unknown>('/api/logos')).logos
}

export function getSisterLogosQueryOptions() {
  return queryOptions({ queryKey: ['logos'], queryFn: getSisterLogos })
}

/** The header's sister-company logos: public, so signed-out pages show them too. */
export function useSisterLogos() {
  return useQuery(getSisterLogosQueryOptions())
}
