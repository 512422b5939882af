import type { ClientLogo } from '@app/contracts/client-config'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

const isText = (value: unknown) => typeof value === 'string' && value !== ''
const isLogo = (logo: Partial<ClientLogo> | null) =>
  isText(logo?.src) && isText(logo?.alt) && (logo?.href === undefined || isText(logo.href))

/**
 * The answer of `GET /api/logos`, checked by hand rather than with the contract's schema: the header shows
 * the logos on the sign-in page, which paints without zod (docs/decisions/009-forms-and-the-first-page.md).
 */
function readLogos(body: unknown): { logos: ClientLogo[] } {
  const logos = (body as { logos?: unknown } | null)?.logos
  if (!Array.isArray(logos) || !logos.every(isLogo)) throw new Error('Unexpected answer from /api/logos')
  return { logos: logos as ClientLogo[] }
}

export async function getSisterLogos(): Promise<ClientLogo[]> {
  return (await apiClient.get('/api/logos', { schema: { parse: readLogos } })).logos
}

export function getSisterLogosQueryOptions() {
  return queryOptions({ queryKey: apiQueryKey('/api/logos'), queryFn: getSisterLogos })
}

/** The header's sister-company logos: public, so signed-out pages show them too. */
export function useSisterLogos() {
  return useQuery(getSisterLogosQueryOptions())
}
