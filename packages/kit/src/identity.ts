import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { createDecoder, createSigner, createVerifier } from 'fast-jwt'
import { z } from 'zod'
import { ROLES, type Role } from '@app/domain/roles'
import { SERVICES, type Caller, type ServiceName } from './services.ts'

/** The header carrying a short-lived token from the gateway, or from a calling service, to a service. */
export const IDENTITY_HEADER = 'x-internal-identity'
export const TOKEN_LIFETIME_MS = 60_000
/** How far a signer's clock may run ahead of the verifier's: a token issued later than that is refused. */
export const CLOCK_SKEW_MS = 5_000
const ALGORITHM = 'EdDSA'

export interface Identity {
  userId: number
  role: Role
  username: string
  /** The session must change its password before doing anything else. */
  mustChangePassword: boolean
}

/** What a service knows about a request: who, or nobody (an anonymous request through the gateway). */
export type RequestIdentity = Identity | null

/** A verified token: who signed it, and the user it carries (the signed-in user, or the one a service acts for). */
export interface VerifiedToken {
  caller: Caller
  identity: RequestIdentity
}

const claimsSchema = z.object({
  iss: z.enum(['gateway', ...SERVICES]),
  sub: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional(),
  role: z.enum(ROLES).optional(),
  username: z.string().optional(),
  mcp: z.boolean().optional(),
  iat: z.number(),
  exp: z.number(),
})

/** An Ed25519 key pair in PEM, for the embedded modes that generate their own keys. */
export function generateIdentityKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  }
}

/** The public half of a private key, so that a runner holding a private key can hand out its public key. */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString()
}

/** Accepts PEM with real or escaped (`\n`) line breaks, as environment files carry them. */
export function normalisePem(value: string): string {
  return value.replaceAll('\\n', '\n').trim() + '\n'
}

export function isEd25519Key(pem: string, kind: 'private' | 'public'): boolean {
  try {
    // A private key also parses as a public one (its public half): a public key must not be a private one.
    if (kind === 'public' && pem.includes('PRIVATE KEY')) return false
    const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem)
    return key.asymmetricKeyType === 'ed25519'
  } catch {
    return false
  }
}

/**
 * Signs tokens as `issuer` with its own private key. The gateway signs the signed-in user (or none);
 * a service signs its internal calls, naming the user it acts for where there is one.
 */
export function createTokenSigner(issuer: Caller, privateKey: string) {
  const sign = createSigner({
    key: privateKey,
    algorithm: ALGORITHM,
    iss: issuer,
    expiresIn: TOKEN_LIFETIME_MS,
  })
  return (audience: ServiceName, identity: RequestIdentity): string =>
    sign({
      aud: audience,
      ...(identity
        ? {
            sub: String(identity.userId),
            role: identity.role,
            username: identity.username,
            mcp: identity.mustChangePassword,
          }
        : {}),
    })
}

/**
 * Verifies tokens addressed to `audience`, each with the public key of the issuer it names. An issuer
 * without a key here (a service this one does not accept calls from) is refused before any check.
 */
export function createTokenVerifier(audience: ServiceName, publicKeys: Partial<Record<Caller, string>>) {
  const decode = createDecoder()
  const verifiers = new Map(
    (Object.entries(publicKeys) as Array<[Caller, string]>).map(([issuer, key]) => [
      issuer,
      createVerifier({
        key,
        algorithms: [ALGORITHM],
        allowedIss: issuer,
        allowedAud: audience,
        requiredClaims: ['iss', 'aud', 'exp', 'iat'],
        maxAge: TOKEN_LIFETIME_MS,
        cache: 1000,
      }),
    ]),
  )
  return (token: string | undefined): VerifiedToken => {
    if (!token) throw new Error('missing identity token')
    const issuer = (decode(token) as { iss?: unknown }).iss
    const verify = typeof issuer === 'string' ? verifiers.get(issuer as Caller) : undefined
    if (!verify) throw new Error('token from an issuer this service does not accept')
    const claims = claimsSchema.parse(verify(token))
    // A signer may not stretch its tokens: a stolen one is worth a minute at most, and an issue time in the
    // future would stretch it just the same (maxAge counts from iat).
    if (claims.exp - claims.iat > TOKEN_LIFETIME_MS / 1000) throw new Error('token lives too long')
    if (claims.iat * 1000 > Date.now() + CLOCK_SKEW_MS) throw new Error('token issued in the future')
    if (claims.sub === undefined) return { caller: claims.iss, identity: null }
    if (!claims.role || claims.username === undefined) throw new Error('incomplete identity token')
    return {
      caller: claims.iss,
      identity: {
        userId: Number(claims.sub),
        role: claims.role,
        username: claims.username,
        mustChangePassword: claims.mcp ?? false,
      },
    }
  }
}
