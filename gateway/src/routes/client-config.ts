import type { FastifyInstance } from 'fastify'
import type { ClientConfig, ClientLogos } from '@app/contracts/client-config'

/**
 * Settings the web app reads at run time, so one build serves every deployment (and every tenant): the
 * signed-in pages' settings, and the header's logos, which every page shows, signed in or not.
 */
export async function clientConfigRoutes(app: FastifyInstance, options: ClientConfig & ClientLogos) {
  const config: ClientConfig = { supportEmail: options.supportEmail }
  const logos: ClientLogos = { logos: options.logos }
  app.get('/api/config', async () => config)
  app.get('/api/logos', async () => logos)
}
