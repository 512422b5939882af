import { z } from 'zod'
import { serviceEnvSchema, internalCallEnv } from '@app/kit/config'

export const adviceEnvSchema = serviceEnvSchema.extend({
  PORT: serviceEnvSchema.shape.PORT.default(4006),
  ...internalCallEnv('advice'),
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** A provider answer that takes longer than this is a 503 (the spec's 'Failed to generate AI response'). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  AI_MAX_TOKENS: z.coerce.number().int().min(64).max(8192).default(900),
  /** Questions each user may ask per window, across every advice route. */
  AI_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  AI_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * The built-in advisor streams a few words every this many milliseconds, as a model would; 0 sends the
   * whole answer at once (docs/decisions/029-paced-advice-streams.md).
   */
  AI_STREAM_PACE_MS: z.coerce.number().int().min(0).max(2000).default(40),
})
export type AdviceEnv = z.output<typeof adviceEnvSchema>
