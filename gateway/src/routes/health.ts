import type { FastifyInstance } from 'fastify'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ServiceName } from '../config.ts'

const UPSTREAM_TIMEOUT_MS = 2000

async function probe(url: string): Promise<{ status: 'ok' | 'down'; detail?: unknown }> {
  try {
    const response = await fetch(new URL('/health', url), {
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    })
    const detail: unknown = await response.json().catch(() => null)
    return { status: response.ok ? 'ok' : 'down', detail }
  } catch {
    return { status: 'down' }
  }
}

/** `/api/health`: the gateway's own state and every upstream's, 503 when any part is down. */
export async function healthRoutes(
  app: FastifyInstance,
  options: { serviceUrls: Record<ServiceName, string>; kv: KeyValueStore },
) {
  app.get('/api/health', async (_request, reply) => {
    const entries = Object.entries(options.serviceUrls) as Array<[ServiceName, string]>
    const [kv, ...results] = await Promise.all([
      options.kv.ping().catch(() => false),
      ...entries.map(([, url]) => probe(url)),
    ])
    const upstreams = Object.fromEntries(entries.map(([name], index) => [name, results[index]!]))
    const ok = kv && results.every((result) => result.status === 'ok')
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'degraded', kv: kv ? 'ok' : 'down', upstreams })
  })
}
