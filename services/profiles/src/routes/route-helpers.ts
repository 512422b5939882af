import type { FastifyReply } from 'fastify'

/** Sends JSON already serialized (a cached list) as it is. */
export function sendJsonBody(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json)
}

/** The size a cached body counts for. */
export const bodyBytes = (body: Buffer) => body.length

/** `[` + the texts, each already JSON, joined by commas + `]`, written once into a buffer of its exact size. */
export function jsonArrayBody(texts: readonly string[]): Buffer {
  let length = texts.length === 0 ? 2 : texts.length + 1
  for (const text of texts) length += Buffer.byteLength(text)
  const body = Buffer.allocUnsafeSlow(length)
  let offset = 0
  body[offset++] = 0x5b // [
  for (const [index, text] of texts.entries()) {
    if (index > 0) body[offset++] = 0x2c // ,
    offset += body.write(text, offset)
  }
  body[offset] = 0x5d // ]
  return body
}
