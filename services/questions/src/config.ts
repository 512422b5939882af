import { z } from 'zod'
import { serviceEnvSchema } from '@app/kit/config'

export const questionsEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4004),
})
export type QuestionsEnv = z.output<typeof questionsEnvSchema>
