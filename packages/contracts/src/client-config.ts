import { z } from 'zod'

/**
 * `GET /api/config`: run-time settings of the web app (signed-in users only). The gateway checks each value
 * when it starts (the support address is an e-mail address), so the page takes them as given.
 */
export const ClientConfigSchema = z.object({
  supportEmail: z.string().min(1),
})
export type ClientConfig = z.infer<typeof ClientConfigSchema>

export const ClientLogoSchema = z.object({
  /** A path on this site or a data:image URL (inline SVG arrives as one). */
  src: z.string().min(1),
  alt: z.string().min(1),
  /** Where the logo leads, when the tenant sets a link. */
  href: z.string().min(1).optional(),
})
export type ClientLogo = z.infer<typeof ClientLogoSchema>

/**
 * `GET /api/logos`: the two sister-company logos of the header, the tenant's or the product's neutral
 * marks. Public, because the header shows them on every page, the sign-in and invitation pages too.
 */
export const ClientLogosSchema = z.object({ logos: z.array(ClientLogoSchema) })
export type ClientLogos = z.infer<typeof ClientLogosSchema>
