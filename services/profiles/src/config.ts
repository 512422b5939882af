import { z } from 'zod'
import { serviceEnvSchema } from '@app/kit/config'

export const profilesEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4002),
})
export type ProfilesEnv = z.output<typeof profilesEnvSchema>
