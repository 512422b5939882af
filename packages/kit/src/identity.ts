import { createSigner, createVerifier } from 'fast-jwt'
import { z } from 'zod'
import { isRole, type Role } from '@app/domain/roles'

/** The header carrying the gateway's short-lived identity token to the services. */
export const IDENTITY_HEADER = 'x-internal-identity'
const ISSUER = 'gateway'
const AUDIENCE = 'services'
const LIFETIME_MS = 60_000

export interface Identity {
  userId: string
  role: Role
  username: string
  /** The session must change its password before doing anything else. */
  mustChangePassword: boolean
}

/** What a service knows about a request: who, or nobody (an anonymous request through the gateway). */
export type RequestIdentity = Identity | null

const claimsSchema = z.object({
  sub: z.string().optional(),
  role: z.string().refine(isRole).optional(),
  username: z.string().optional(),
  mcp: z.boolean().optional(),
})

export function createIdentitySigner(secret: string): (identity: RequestIdentity) => string {
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ISSUER,
    aud: AUDIENCE,
    expiresIn: LIFETIME_MS,
  })
  return (identity) =>
    sign(
      identity
        ? {
            sub: identity.userId,
            role: identity.role,
            username: identity.username,
            mcp: identity.mustChangePassword,
          }
        : {},
    )
}

/** Returns the identity, or throws when the token is missing, forged, expired or malformed. */
export function createIdentityVerifier(secret: string): (token: string | undefined) => RequestIdentity {
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    cache: 1000,
  })
  return (token) => {
    if (!token) throw new Error('missing identity token')
    const claims = claimsSchema.parse(verify(token))
    if (!claims.sub) return null
    if (!claims.role || claims.username === undefined) throw new Error('incomplete identity token')
    return {
      userId: claims.sub,
      role: claims.role as Role,
      username: claims.username,
      mustChangePassword: claims.mcp ?? false,
    }
  }
}
