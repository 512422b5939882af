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

export function loggerOptions(level: string, name: string): LoggerOptions & { level: string; name: string } {
  return { level, name, redact: { paths: redactedPaths, censor: '[redacted]' } }
}
