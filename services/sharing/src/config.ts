import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const sharingEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4003),
  ...internalCallEnv('sharing'),
})
export type SharingEnv = z.output<typeof sharingEnvSchema>
