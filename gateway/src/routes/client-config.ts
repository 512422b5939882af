import type { FastifyInstance } from 'fastify'
import type { ClientConfig } from '@app/contracts/client-config'

/** Settings the web app reads at run time, so one build serves every deployment (and every tenant). */
export async function clientConfigRoutes(app: FastifyInstance, options: ClientConfig) {
  const config: ClientConfig = { supportEmail: options.supportEmail, logos: options.logos }
  app.get('/api/config', async () => config)
}
