import { z } from 'zod'

/** `GET /api/config`: run-time settings of the web app (signed-in users only). */
export const ClientConfigSchema = z.object({ supportEmail: z.email() })
export type ClientConfig = z.infer<typeof ClientConfigSchema>
