import { isIP } from 'node:net'

/**
 * The address of the client a request came from, as the gateway saw it: its `request.ip`, which believes
 * forwarded headers only from trusted proxies. The gateway drops every forwarding header a client sent and
 * sets this one to that single address on every request it passes on; a service calling another passes on
 * the one it was given (service-client.ts). Only the gateway and other services reach a service (decisions
 * 022 and 026), so a service believes it, and Fastify's `request.ip` in a service is the same address.
 */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for'

interface IncomingRequest {
  headers: Record<string, string | string[] | undefined>
  socket?: { remoteAddress?: string | undefined } | undefined
}

/** The client's address the gateway passed on, else the address of the connection itself. */
export function clientAddressOf(request: IncomingRequest): string {
  // The gateway's entry comes first; a proxy between it and the service (a mesh sidecar) may append its own.
  const passed = request.headers[CLIENT_ADDRESS_HEADER]
  const first = typeof passed === 'string' ? passed.split(',')[0]!.trim() : ''
  if (isIP(first) !== 0) return first
  return request.socket?.remoteAddress ?? 'unknown'
}
