import type { FastifyReply } from 'fastify'
import type { Identity } from '@app/kit/identity'
import { profilesErrors } from '../errors.ts'

/** Every profiles call needs a signed-in caller; the gateway's anonymous identity is refused. */
export function signedIn(identity: Identity | null): Identity {
  if (!identity) throw profilesErrors.unauthenticated()
  return identity
}

/** Sends JSON already serialized (a cached list) as it is. */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
