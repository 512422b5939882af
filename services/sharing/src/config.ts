import { z } from 'zod'
import { env, mailEnv, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const sharingEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4003),
  ...internalCallEnv('sharing'),
  /**
   * Encrypts invitation tokens at rest, so that their sender can copy a link again. Unset, a key is derived
   * from SERVICE_PRIVATE_KEY (decision record 012), so deployments without it keep working.
   */
  INVITATION_TOKEN_KEY: env.secret.optional(),
  ...mailEnv,
})
export type SharingEnv = z.output<typeof sharingEnvSchema>
