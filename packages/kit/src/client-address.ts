import { isIP } from 'node:net'

/**
 * The address of the client a request came from, as the gateway saw it: its `request.ip`, which believes
 * forwarded headers only from trusted proxies. The gateway sets this header on every request it passes on,
 * replacing whatever a client sent, and a service calling another passes on the one it was given
 * (service-client.ts). Services read the client's address from here, never from X-Forwarded-For, which a
 * client can write.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address'

interface IncomingRequest {
  headers: Record<string, string | string[] | undefined>
  socket?: { remoteAddress?: string | undefined } | undefined
}

/** The client's address the gateway passed on, else the address of the connection itself. */
export function clientAddressOf(request: IncomingRequest): string {
  const passed = request.headers[CLIENT_ADDRESS_HEADER]
  if (typeof passed === 'string' && isIP(passed) !== 0) return passed
  return request.socket?.remoteAddress ?? 'unknown'
}
