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
  SESSION_KEY_PREFIX,
  sessionValidAfterKey as validAfterKey,
} from '@app/kit/kv/index'
import { KeyValueUnavailableError, type KeyValueStore } from '@app/kit/kv/port'

export const SESSION_COOKIE = 'session'

const SESSION_LIFETIME_MS = 30 * 60_000
/** A token older than this is renewed on use, so an active user stays signed in. */
const RENEW_AFTER_MS = 10 * 60_000

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  role: z.string().refine(isRole),
  username: z.string(),
  mcp: z.boolean(),
  sid: z.string().min(1),
  /** Issued-at and session start in milliseconds: revocation compares at finer grain than `iat`. */
  iatMs: z.number().int(),
  startMs: z.number().int(),
})
type SessionClaims = z.infer<typeof claimsSchema>

const loginHeaderSchema = z.object({
  id: z.coerce.number().int().positive(),
  role: z.string().refine(isRole),
  username: z.string(),
  mustChangePassword: z.boolean().default(false),
})

declare module 'fastify' {
  interface FastifyRequest {
    session: (Identity & { sessionId: string }) | null
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims
    user: SessionClaims
  }
}

// Under SESSION_KEY_PREFIX, so that the embedded store writes them to disk before the answer (decision 008).
const revokedKey = (sessionId: string) => `${SESSION_KEY_PREFIX}revoked:${sessionId}`

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
    // The verifier is built once; its cache remembers verified tokens until they expire (the hot path).
    verify: { algorithms: ['HS256'], cache: 10_000 },
  })
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure }
  function claimsOf(token: string): SessionClaims | null {
    try {
      const parsed = claimsSchema.safeParse(app.jwt.verify(token))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
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
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 })
  }

  async function kvCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      // Fail closed: without the revocation list nobody's session can be trusted.
      if (error instanceof KeyValueUnavailableError) {
        throw new AppError(
          503,
          'GATEWAY_SESSION_STORE_UNAVAILABLE',
          'The service is temporarily unavailable. Please try again shortly.',
        )
      }
      throw error
    }
  }

  async function isRevoked(claims: SessionClaims): Promise<boolean> {
    const [revoked, validAfter] = await kvCall(() =>
      Promise.all([options.kv.get(revokedKey(claims.sid)), options.kv.get(validAfterKey(claims.sub))]),
    )
    return revoked !== null || (validAfter !== null && claims.iatMs < Number(validAfter))
  }

  app.decorateRequest('session', null)
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    const claims = claimsOf(token)
    if (!claims) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
      return
    }
    if (Date.now() - claims.startMs > ABSOLUTE_LIFETIME_MS || (await isRevoked(claims))) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
      return
    }
    const identity: Identity = {
      userId: Number(claims.sub),
      role: claims.role,
      username: claims.username,
      mustChangePassword: claims.mcp,
    }
    request.session = { ...identity, sessionId: claims.sid }
    if (Date.now() - claims.iatMs > RENEW_AFTER_MS) issue(reply, identity, claims.sid, claims.startMs)
  })

  // Upstreams start and end sessions through response headers; the client never sees them.
  app.addHook('onSend', async (request, reply, payload) => {
    // Most answers carry none of these headers: leave them untouched.
    if (
      !reply.hasHeader(LOGIN_HEADER) &&
      !reply.hasHeader(LOGOUT_HEADER) &&
      !reply.hasHeader(REVOKE_USER_HEADER)
    ) {
      return payload
    }
    const login = reply.getHeader(LOGIN_HEADER)
    const logout = reply.getHeader(LOGOUT_HEADER)
    const revokeUser = reply.getHeader(REVOKE_USER_HEADER)
    reply.removeHeader(LOGIN_HEADER)
    reply.removeHeader(LOGOUT_HEADER)
    reply.removeHeader(REVOKE_USER_HEADER)
    if (reply.statusCode >= 400) return payload
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
    return payload
  })
}
