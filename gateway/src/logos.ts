import { z } from 'zod'
import type { ClientLogo } from '@app/contracts/client-config'

/**
 * The two sister-company logos of the header (docs/requirements.md section 1), set per tenant.
 * A logo is an image on this site (a path such as /brand/acme.svg), a data:image URL, or inline SVG
 * markup; the content security policy (img-src 'self' data:) allows no other images. Inline SVG is handed
 * to the page as a data: URL and shown through <img>, where an SVG cannot run scripts.
 */
const INLINE_SVG = /^\s*<svg[\s>][\s\S]*<\/svg>\s*$/i

export const logoSource = z
  .string()
  .refine(
    (value) =>
      INLINE_SVG.test(value) || /^\/(?!\/)\S*$/.test(value) || /^data:image\/[\w+.-]+[;,]/.test(value),
    'must be a path on this site (/...), a data:image URL, or inline <svg> markup',
  )

export const logoLink = z.url({ protocol: /^https?$/ })

/** Neutral marks of our own, shown until a tenant sets its logos. */
export const DEFAULT_LOGOS: readonly ClientLogo[] = [
  {
    src: svgDataUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32"><rect x="1" y="1" width="30" height="30" rx="8" fill="#334155"/><path d="M9 22 16 9l7 13z" fill="#f8fafc"/><rect x="38" y="10" width="52" height="5" rx="2.5" fill="#334155"/><rect x="38" y="19" width="36" height="4" rx="2" fill="#94a3b8"/></svg>',
    ),
    alt: 'Sister company one',
  },
  {
    src: svgDataUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32"><circle cx="16" cy="16" r="15" fill="#0f766e"/><circle cx="16" cy="16" r="6" fill="#f0fdfa"/><rect x="38" y="10" width="48" height="5" rx="2.5" fill="#0f766e"/><rect x="38" y="19" width="40" height="4" rx="2" fill="#94a3b8"/></svg>',
    ),
    alt: 'Sister company two',
  },
]

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.trim())}`
}

/** The logo as the page receives it: inline SVG becomes a data: URL. */
export function clientLogo(src: string, alt: string, href: string | undefined): ClientLogo {
  return { src: INLINE_SVG.test(src) ? svgDataUrl(src) : src, alt, ...(href ? { href } : {}) }
}
