import { z } from 'zod'
import { env, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const authEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4001),
  ...internalCallEnv('auth'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Prevue DISC Insights <no-reply@localhost>'),
  PUBLIC_URL: env.url.default('http://localhost:8080'),
})
export type AuthEnv = z.output<typeof authEnvSchema>
