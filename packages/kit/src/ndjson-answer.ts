import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson'

/**
 * Answers a streamed internal route (`streamed` in @app/contracts/internal): one line per item, each checked
 * and stripped by the row's schema as it is written, read from `items` only as fast as the caller reads
 * (docs/decisions/060-download-my-data.md). A failure half-way cuts the answer, which the caller sees as an error.
 */
export function sendLines<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  items: AsyncIterable<z.input<S>>,
): FastifyReply {
  async function* encoded() {
    for await (const item of items) yield `${JSON.stringify(schema.parse(item))}\n`
  }
  return reply.type(NDJSON_CONTENT_TYPE).send(Readable.from(encoded()))
}
