import { z } from 'zod'
import { isRole } from '@app/domain/roles'
import type { Identity } from '@app/kit/identity'
import { SESSION_KEY_PREFIX, sessionValidAfterKey } from '@app/kit/kv/index'

export const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  role: z.string().refine(isRole),
  username: z.string(),
  mcp: z.boolean(),
  sid: z.string().min(1),
  /** Issued-at and session start in milliseconds: revocation compares at finer grain than `iat`. */
  iatMs: z.number().int(),
  startMs: z.number().int(),
})
export type SessionClaims = z.infer<typeof claimsSchema>

export type SessionIdentity = Identity & { sessionId: string }

// Under SESSION_KEY_PREFIX, so that the embedded store writes them to disk before the answer (decision 008).
export const revokedKey = (sessionId: string) => `${SESSION_KEY_PREFIX}revoked:${sessionId}`

/** What a verified cookie says, read once: the claims, the identity they name and where their revocation is. */
export interface VerifiedSession {
  readonly claims: Readonly<SessionClaims>
  readonly identity: Readonly<SessionIdentity>
  /** The session's own revocation mark and the user's valid-after time, read on every request. */
  readonly revocationKeys: readonly [string, string]
}

/** More distinct live cookies than this and the memory starts over: each is verified again on its next use. */
const MAX_REMEMBERED = 10_000

/**
 * Cookies verified by their signature and schema, by token string, until the token expires (decision 051).
 * A token string is immutable: the same bytes verify the same way until `exp`, so the signature check and the
 * claims' schema run once per token instead of once per request. Only tokens that verified are kept, so a
 * client sending garbage grows nothing. Revocation and the absolute lifetime are not remembered: the session
 * hook checks them on every request.
 */
export function createVerifiedSessions() {
  // Found by the signature, the token's last part, then compared whole: a map hashes its key on every lookup,
  // and the signature is an eighth of the cookie.
  const sessions = new Map<string, { token: string; session: VerifiedSession; expiresAt: number }>()
  const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1)
  return {
    get(token: string): VerifiedSession | null {
      const signature = signatureOf(token)
      const known = sessions.get(signature)
      if (!known || known.token !== token) return null
      if (known.expiresAt > Date.now()) return known.session
      sessions.delete(signature)
      return null
    },
    remember(token: string, claims: SessionClaims, expiresAt: number): VerifiedSession {
      const identity: SessionIdentity = Object.freeze({
        userId: Number(claims.sub),
        role: claims.role,
        username: claims.username,
        mustChangePassword: claims.mcp,
        sessionId: claims.sid,
      })
      const session: VerifiedSession = Object.freeze({
        claims: Object.freeze(claims),
        identity,
        revocationKeys: Object.freeze([revokedKey(claims.sid), sessionValidAfterKey(claims.sub)] as const),
      })
      if (sessions.size >= MAX_REMEMBERED) sessions.clear()
      if (Number.isFinite(expiresAt)) sessions.set(signatureOf(token), { token, session, expiresAt })
      return session
    },
  }
}
