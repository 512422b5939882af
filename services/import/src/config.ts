import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const importEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4005),
  ...internalCallEnv('import'),
})
export type ImportEnv = z.output<typeof importEnvSchema>
