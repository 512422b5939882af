import { createServiceApp, requiredClients, type ServiceOptions } from '@app/kit/service'
import type { AdviceProvider } from './advice-request.ts'
import type { AdviceEnv } from './config.ts'
import { createProfileLoader } from './profile-loader.ts'
import { createBuiltinProvider } from './providers/builtin/builtin-provider.ts'
import { createOpenAiProvider } from './providers/openai/openai-provider.ts'
import { createAdviceRateLimit } from './rate-limit.ts'
import { adviceRoutes } from './routes/advice-routes.ts'

export type AdviceOptions = ServiceOptions<AdviceEnv>

function providerOf(settings: AdviceEnv): AdviceProvider {
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
  const settings = options.config
  const { profiles } = requiredClients('advice', options.clients, ['profiles'])
  const app = createServiceApp('advice', options)
  // Collaborators first (provider, the profiles client, the rate limit), then the routes that use them.
  const provider = providerOf(settings)
  await app.register(adviceRoutes, {
    provider,
    loadProfile: createProfileLoader(profiles),
    rateLimit: createAdviceRateLimit(options.kv, {
      max: settings.AI_RATE_LIMIT,
      windowMs: settings.AI_RATE_WINDOW_SECONDS * 1000,
    }),
    timeoutMs: settings.AI_TIMEOUT_MS,
  })
  app.log.info({ provider: provider.name }, 'advice provider ready')
  return app
}
