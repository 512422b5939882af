import type { FastifyReply } from 'fastify'

/** Sends JSON already serialized (a cached list) as it is. */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
