import type { FastifyInstance } from 'fastify'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { ServiceName } from '../config.ts'
import type { CircuitBreaker } from '../plugins/circuit-breaker.ts'

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

/**
 * `/api/health`: 503 when any part is down. Administrators see each upstream's state and its circuit
 * breaker; everyone else (probes, load balancers, users) gets the status alone, naming no internals.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: {
    serviceUrls: Record<ServiceName, string>
    kv: KeyValueStore
    breakers: Record<ServiceName, CircuitBreaker>
  },
) {
  app.get('/api/health', async (request, reply) => {
    const entries = Object.entries(options.serviceUrls) as Array<[ServiceName, string]>
    const [kv, ...results] = await Promise.all([
      options.kv.ping().catch(() => false),
      ...entries.map(([, url]) => probe(url)),
    ])
    const upstreams = Object.fromEntries(
      entries.map(([name], index) => [name, { ...results[index]!, breaker: options.breakers[name].state() }]),
    )
    const ok = kv && results.every((result) => result.status === 'ok')
    const status = ok ? 'ok' : 'degraded'
    reply.status(ok ? 200 : 503)
    if (request.session?.role !== 'administrator') return reply.send({ status })
    return reply.send({ status, kv: kv ? 'ok' : 'down', upstreams })
  })
}
