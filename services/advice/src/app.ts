import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import type { AdviceProvider } from './advice-request.ts'
import type { AdviceEnv } from './config.ts'
import { createProfileLoader } from './profile-loader.ts'
import { createBuiltinProvider } from './providers/builtin/builtin-provider.ts'
import { createOpenAiProvider } from './providers/openai/openai-provider.ts'
import { createAdviceRateLimit } from './rate-limit.ts'
import { adviceRoutes } from './routes/advice-routes.ts'

type AdviceSettings = Pick<
  AdviceEnv,
  | 'AI_PROVIDER'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_MAX_TOKENS'
  | 'AI_RATE_LIMIT'
  | 'AI_RATE_WINDOW_SECONDS'
  | 'AI_STREAM_PACE_MS'
>

export interface AdviceOptions extends ServiceDependencies {
  /** Parsed settings; anything missing takes the defaults of config.ts. */
  env?: Partial<AdviceSettings>
}

const DEFAULTS: AdviceSettings = {
  AI_PROVIDER: 'builtin',
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  OPENAI_MODEL: 'gpt-4o-mini',
  AI_TIMEOUT_MS: 60_000,
  AI_MAX_TOKENS: 900,
  AI_RATE_LIMIT: 30,
  AI_RATE_WINDOW_SECONDS: 300,
  AI_STREAM_PACE_MS: 40,
}

function providerOf(settings: AdviceSettings): AdviceProvider {
  if (settings.AI_PROVIDER === 'builtin') return createBuiltinProvider({ paceMs: settings.AI_STREAM_PACE_MS })
  if (!settings.OPENAI_API_KEY && !settings.OPENAI_BASE_URL)
    throw new Error(
      'AI_PROVIDER=openai needs OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a compatible server)',
    )
  return createOpenAiProvider({
    baseUrl: settings.OPENAI_BASE_URL,
    apiKey: settings.OPENAI_API_KEY,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.AI_TIMEOUT_MS,
    maxTokens: settings.AI_MAX_TOKENS,
  })
}

/** The advice service: answers about profiles the caller may see, from the built-in advisor or a model. */
export async function buildApp(options: AdviceOptions) {
  const settings: AdviceSettings = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(options.env ?? {}).filter(([, value]) => value !== undefined)),
  }
  const app = createServiceApp('advice', options)
  // Collaborators first (provider, the profiles client, the rate limit), then the routes that use them.
  const provider = providerOf(settings)
  await app.register(adviceRoutes, {
    provider,
    loadProfile: createProfileLoader(options.clients?.profiles),
    rateLimit: createAdviceRateLimit(options.kv, {
      max: settings.AI_RATE_LIMIT,
      windowMs: settings.AI_RATE_WINDOW_SECONDS * 1000,
    }),
    timeoutMs: settings.AI_TIMEOUT_MS,
  })
  app.log.info({ provider: provider.name }, 'advice provider ready')
  return app
}
