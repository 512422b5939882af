import type { FastifyInstance } from 'fastify'
import type { ClientConfig } from '@app/contracts/client-config'

/** Settings the web app reads at run time, so one build serves every deployment. */
export async function clientConfigRoutes(app: FastifyInstance, options: { supportEmail: string }) {
  const config: ClientConfig = { supportEmail: options.supportEmail }
  app.get('/api/config', async () => config)
}
