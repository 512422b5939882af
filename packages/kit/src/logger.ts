import type { LoggerOptions } from 'pino'

/** Paths never written to the logs: cookies, tokens, passwords (SECURITY.md 35). */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-identity"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
]

/** Tokens that travel in URLs (reset and invitation links) are masked before a request line is logged. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:reset-password|details|accept|invite))\/[^/?#]+/gi, '$1/[redacted]')
    .replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[redacted]')
}

interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  remoteAddress?: string
  remotePort?: number
}

export function loggerOptions(level: string, name: string): LoggerOptions & { level: string; name: string } {
  return {
    level,
    name,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // @fastify/reply-from logs the upstream URL it fetches under `source`.
      source: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        remoteAddress: request.remoteAddress,
      }),
    },
  }
}
