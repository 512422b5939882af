import type { FastifyInstance } from 'fastify'
import fastifyCompress from '@fastify/compress'

/** Below this many bytes an answer goes out as it is: compressing it saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

function isStream(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'pipe' in payload
}

/**
 * Compresses answers (br preferred, then gzip) from about 1 KB up. Server-sent events are never compressed:
 * the compressor would hold events back until its buffer fills. The SPA's assets arrive already compressed
 * at build time, so they pass through untouched. Must be registered before the routes it covers.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Proxied answers are streams, which @fastify/compress compresses at any size. Their Content-Length is
  // known, so a small one is kept as it is; the plugin's documented way to skip is this request header.
  app.addHook('onSend', (request, reply, payload, done) => {
    const length = Number(reply.getHeader('content-length'))
    if (isStream(payload) && Number.isFinite(length) && length < COMPRESSION_THRESHOLD_BYTES) {
      request.headers['x-no-compression'] = '1'
    }
    done(null, payload)
  })
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed: request-safety.ts refuses them, so no hook reads for them.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Only the built-in rule, stated here: text and JSON are compressed, `text/event-stream` never.
    customTypes: (contentType: string) =>
      !/^text\/event-stream\b/i.test(contentType) &&
      /^text\/|[+/](?:json|xml)(?:;|$)|^application\/javascript\b|^image\/svg\+xml\b/i.test(contentType),
  })
}
