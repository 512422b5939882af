import { z } from 'zod'
import { IMPORT_BATCH_MAX } from '@app/contracts/imports'
import { IMPORT_PASSWORD_FORMATS } from '@app/domain/first-passwords'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const importEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4005),
  ...internalCallEnv('import'),
  /**
   * Rows per call to auth and profiles. Auth hashes a batch's passwords in parallel on every core; two
   * batches in flight keep the cores busy while one batch's answer travels (decision record 013).
   */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(IMPORT_BATCH_MAX).default(100),
  IMPORT_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * First passwords of imported people: random (the default), or `spec`, the spec's `#` + first name + last
   * name + length, which anyone who knows a name can compute (docs/decisions/024-random-first-passwords.md).
   */
  IMPORT_PASSWORD_FORMAT: z.enum(IMPORT_PASSWORD_FORMATS).default('random'),
})
export type ImportEnv = z.output<typeof importEnvSchema>
