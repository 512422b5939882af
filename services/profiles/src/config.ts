import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const profilesEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4002),
  ...internalCallEnv('profiles'),
})
export type ProfilesEnv = z.output<typeof profilesEnvSchema>
