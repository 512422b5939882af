import type { FastifyReply } from 'fastify'
import type { CacheScope, CatalogView } from '../profile-catalog.ts'

/**
 * A JSON answer derived from the profiles in `scope`, serialized once per catalog state (10,000 profiles make
 * about 5 MB) and kept as bytes: a list of hundreds of profiles is over V8's large-object size, and a string that
 * big, replaced after each save, would fill the old generation with garbage between major collections
 * (bench/history/2026-11-21-to-27.md, "Soak"); a buffer's bytes live outside the heap.
 */
export function cachedJsonBody(
  view: CatalogView,
  key: string,
  scope: CacheScope,
  value: () => unknown,
): Buffer {
  return view.cached(
    key,
    scope,
    () => Buffer.from(JSON.stringify(value())),
    (body) => body.length,
  )
}

/** Sends JSON already serialized (a cached list) as it is. */
export function sendJsonBody(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json)
}
