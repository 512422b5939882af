import { z } from 'zod'

export const ServiceHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.string(),
  store: z.boolean(),
  bus: z.boolean(),
  kv: z.boolean(),
})
export type ServiceHealth = z.infer<typeof ServiceHealthSchema>

export const GatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  kv: z.enum(['ok', 'down']),
  upstreams: z.record(
    z.string(),
    z.object({ status: z.enum(['ok', 'down']), detail: z.unknown().optional() }),
  ),
})
export type GatewayHealth = z.infer<typeof GatewayHealthSchema>
