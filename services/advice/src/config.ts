import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const adviceEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4006),
  ...internalCallEnv('advice'),
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
})
export type AdviceEnv = z.output<typeof adviceEnvSchema>
