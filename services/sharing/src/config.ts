import { z } from 'zod'
import { serviceEnvSchema } from '@app/kit/config'

export const sharingEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4003),
})
export type SharingEnv = z.output<typeof sharingEnvSchema>
