/**
 * A fresh key for one submit (an `Idempotency-Key` header), so a request whose answer was lost is carried
 * out once however often it is sent. getRandomValues works outside secure contexts too (randomUUID does
 * not), as on a plain-http LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
