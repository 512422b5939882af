import { z } from 'zod'
import { env, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const sharingEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4003),
  ...internalCallEnv('sharing'),
  /**
   * Encrypts invitation tokens at rest, so that their sender can copy a link again. Unset, a key is derived
   * from SERVICE_PRIVATE_KEY (decision record 012), so deployments without it keep working.
   */
  INVITATION_TOKEN_KEY: env.secret.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Prevue DISC Insights <no-reply@localhost>'),
  PUBLIC_URL: env.url.default('http://localhost:8080'),
})
export type SharingEnv = z.output<typeof sharingEnvSchema>
