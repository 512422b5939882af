import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const questionsEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4004),
  ...internalCallEnv('questions'),
})
export type QuestionsEnv = z.output<typeof questionsEnvSchema>
