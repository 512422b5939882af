import { z } from 'zod'
import { ClientConfigSchema, ClientLogosSchema } from '../client-config.ts'
import { route, type ApiRoute } from './route.ts'

/** `/api/health`: 503 with status 'degraded' when a part is down. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  kv: z.enum(['ok', 'down']),
  upstreams: z.record(
    z.string(),
    z.object({ status: z.enum(['ok', 'down']), detail: z.unknown().optional() }),
  ),
})

/** The routes the gateway answers itself. */
export const gatewayRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    target: 'gateway',
    access: 'public',
    summary: 'Whether the product is up',
    responses: { 200: HealthSchema },
  }),
  clientConfig: route({
    method: 'GET',
    path: '/api/config',
    target: 'gateway',
    access: 'signed-in',
    duringPasswordChange: true,
    summary: 'Run-time settings of the web app',
    responses: { 200: ClientConfigSchema },
  }),
  clientLogos: route({
    method: 'GET',
    path: '/api/logos',
    target: 'gateway',
    access: 'public',
    summary: "The header's sister-company logos",
    responses: { 200: ClientLogosSchema },
  }),
} satisfies Record<string, ApiRoute>
