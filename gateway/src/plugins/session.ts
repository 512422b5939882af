import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyJwt from '@fastify/jwt'
import { z } from 'zod'
import { isRole } from '@app/domain/roles'
import type { Identity } from '@app/kit/identity'
import { AppError } from '@app/kit/errors'
import { decodeLoginHeader, LOGIN_HEADER, LOGOUT_HEADER, REVOKE_USER_HEADER } from '@app/kit/session-headers'
import {
  SESSION_ABSOLUTE_LIFETIME_MS as ABSOLUTE_LIFETIME_MS,
  sessionValidAfterKey as validAfterKey,
} from '@app/kit/kv/index'
import { KeyValueUnavailableError, type KeyValueStore } from '@app/kit/kv/port'
import {
  claimsSchema,
  createVerifiedSessions,
  revokedKey,
  type SessionClaims,
  type SessionIdentity,
  type VerifiedSession,
} from './verified-sessions.ts'

export const SESSION_COOKIE = 'session'

const SESSION_LIFETIME_MS = 30 * 60_000
/** A token older than this is renewed on use, so an active user stays signed in. */
const RENEW_AFTER_MS = 10 * 60_000

const loginHeaderSchema = z.object({
  id: z.coerce.number().int().positive(),
  role: z.string().refine(isRole),
  username: z.string(),
  mustChangePassword: z.boolean().default(false),
})

declare module 'fastify' {
  interface FastifyRequest {
    session: Readonly<SessionIdentity> | null
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims
    user: SessionClaims
  }
}

export interface SessionOptions {
  secret: string
  secure: boolean
  kv: KeyValueStore
}

/** The session cookie: a pinned-algorithm JWT read from the cookie only, renewed on use, revocable. */
export async function registerSessions(app: FastifyInstance, options: SessionOptions): Promise<void> {
  await app.register(fastifyCookie)
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: SESSION_LIFETIME_MS / 1000 },
    // The verifier is built once; verified tokens are remembered by createVerifiedSessions below.
    verify: { algorithms: ['HS256'] },
  })
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure }
  const verified = createVerifiedSessions()
  /** The session a cookie names, verified by @fastify/jwt the first time this token string is seen. */
  function sessionOf(token: string): VerifiedSession | null {
    const known = verified.get(token)
    if (known) return known
    let payload: unknown
    try {
      payload = app.jwt.verify(token)
    } catch {
      return null
    }
    const parsed = claimsSchema.safeParse(payload)
    if (!parsed.success) return null
    return verified.remember(token, parsed.data, (payload as { exp: number }).exp * 1000)
  }

  function issue(reply: FastifyReply, identity: Identity, sessionId: string, startMs: number) {
    const token = app.jwt.sign({
      sub: String(identity.userId),
      role: identity.role,
      username: identity.username,
      mcp: identity.mustChangePassword,
      sid: sessionId,
      iatMs: Date.now(),
      startMs,
    })
    // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
    reply.setCookie(SESSION_COOKIE, token, { ...{}, ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 })
  }

  // Fail closed: without the revocation list nobody's session can be trusted.
  function storeError(error: unknown): unknown {
    if (!(error instanceof KeyValueUnavailableError)) return error
    return new AppError(
      503,
      'GATEWAY_SESSION_STORE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again shortly.',
    )
  }

  async function kvCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw storeError(error)
    }
  }

  /** Whether the revocation values read for a session end it: its own mark, or a later valid-after time. */
  function isRevoked({ claims }: VerifiedSession, [revoked = null, validAfter = null]: Array<string | null>) {
    return revoked !== null || (validAfter !== null && claims.iatMs < Number(validAfter))
  }

  app.decorateRequest('session', null)
  // A callback hook with one promise, the store's: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return done()
    // A cookie that no longer signs anyone in is ignored, never cleared: the browser may hold a newer one by
    // the time this answer arrives (docs/decisions/070-a-refused-session-cookie-is-left-alone.md).
    const session = sessionOf(token)
    if (!session || Date.now() - session.claims.startMs > ABSOLUTE_LIFETIME_MS) return done()
    // Read on every request, never remembered: a revocation holds from the very next request (decision 044).
    options.kv.getMany(session.revocationKeys).then(
      (values) => {
        if (isRevoked(session, values)) return done()
        const { claims, identity } = session
        request.session = identity
        try {
          if (Date.now() - claims.iatMs > RENEW_AFTER_MS) issue(reply, identity, claims.sid, claims.startMs)
        } catch (error) {
          return done(error as Error)
        }
        done()
      },
      (error: unknown) => done(storeError(error) as Error),
    )
  })

  // Upstreams start and end sessions through response headers; the client never sees them.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Most answers carry none of these headers: leave them untouched, without a promise per answer.
    if (
      !reply.hasHeader(LOGIN_HEADER) &&
      !reply.hasHeader(LOGOUT_HEADER) &&
      !reply.hasHeader(REVOKE_USER_HEADER)
    ) {
      return done(null, payload)
    }
    applySessionHeaders(request, reply).then(() => done(null, payload), done)
  })

  async function applySessionHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const login = reply.getHeader(LOGIN_HEADER)
    const logout = reply.getHeader(LOGOUT_HEADER)
    const revokeUser = reply.getHeader(REVOKE_USER_HEADER)
    reply.removeHeader(LOGIN_HEADER)
    reply.removeHeader(LOGOUT_HEADER)
    reply.removeHeader(REVOKE_USER_HEADER)
    if (reply.statusCode >= 400) return
    if (typeof revokeUser === 'string' && revokeUser !== '') {
      await kvCall(() => options.kv.set(validAfterKey(revokeUser), String(Date.now()), ABSOLUTE_LIFETIME_MS))
    }
    if (logout !== undefined && request.session) {
      await kvCall(() => options.kv.set(revokedKey(request.session!.sessionId), '1', ABSOLUTE_LIFETIME_MS))
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
    }
    if (typeof login === 'string') {
      const parsed = loginHeaderSchema.safeParse(decodeLoginHeader(login))
      if (!parsed.success) {
        request.log.error('upstream sent a malformed login header')
        throw new AppError(502, 'GATEWAY_BAD_UPSTREAM', 'Bad upstream response')
      }
      const { id, role, username, mustChangePassword } = parsed.data
      // A session started after a revocation must outlive it: issue strictly later than valid-after.
      await new Promise((resolve) => setTimeout(resolve, 1))
      issue(reply, { userId: id, role, username, mustChangePassword }, randomUUID(), Date.now())
    }
  }
}
