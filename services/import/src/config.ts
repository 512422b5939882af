import { z } from 'zod'
import { serviceEnvSchema } from '@app/kit/config'

export const importEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4005),
})
export type ImportEnv = z.output<typeof importEnvSchema>
