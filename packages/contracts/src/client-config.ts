import { z } from 'zod'

/**
 * `GET /api/config`: run-time settings of the web app (signed-in users only). The gateway checks each value
 * when it starts (the support address is an e-mail address), so the page takes them as given.
 */
export const ClientConfigSchema = z.object({ supportEmail: z.string().min(1) })
export type ClientConfig = z.infer<typeof ClientConfigSchema>
