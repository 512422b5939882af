import type { ClientLogo } from '@app/contracts/client-config'
import { useEffect, useState } from 'react'
import { apiClient } from '../../../lib/api-client.ts'

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

/** Asked once a page load: the tenant's logos do not change while a page is open. */
let asked: Promise<ClientLogo[] | null> | undefined

/**
 * The header's sister-company logos: public, so signed-out pages show them too. The header is the one
 * reader, so the answer is kept here rather than in TanStack Query, which the sign-in page's first load
 * runs without (docs/decisions/065-first-pages-without-zod.md); null when they cannot be read.
 */
export function useSisterLogos(): { data: ClientLogo[] | undefined } {
  const [logos, setLogos] = useState<ClientLogo[] | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    asked ??= getSisterLogos().catch(() => null)
    void asked.then((answer) => {
      if (current) setLogos(answer)
    })
    return () => {
      current = false
    }
  }, [])
  return { data: logos ?? undefined }
}
