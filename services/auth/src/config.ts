import { z } from 'zod'
import { mailEnv, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const authEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4001),
  ...internalCallEnv('auth'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ...mailEnv,
})
export type AuthEnv = z.output<typeof authEnvSchema>
