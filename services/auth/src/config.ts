import { z } from 'zod'
import { mailEnv, serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const authEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4001),
  ...internalCallEnv('auth'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ...mailEnv,
  /** Days an audit record is kept before it is pruned (docs/decisions/059-audit-log.md). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
})
export type AuthEnv = z.output<typeof authEnvSchema>
