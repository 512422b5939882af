import type { FastifyReply } from 'fastify'

/** Sends JSON already serialized (a cached list) as it is. */
export function sendJsonBody(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json)
}

/** The size a cached body counts for. */
export const bodyBytes = (body: Buffer) => body.length

