import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/** 32 random bytes (decision 10), as URL-safe text. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What a token is looked up by; the token itself is never stored in plaintext. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url')
}

/**
 * Seals tokens with AES-256-GCM under a key derived from INVITATION_TOKEN_KEY, so that an invitation's
 * sender can copy its link again while the store alone never reveals one.
 */
export function createTokenSealer(secret: string) {
  const key = createHash('sha256').update(`invitation-token-key\0${secret}`, 'utf8').digest()
  return {
    seal(token: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
    },
    /** Null when the text was sealed under another key or altered. */
    open(text: string): string | null {
      const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'))
      if (!iv || !tag || !sealed) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv)
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')
      } catch {
        return null
      }
    },
  }
}
export type TokenSealer = ReturnType<typeof createTokenSealer>

/**
 * The secret tokens are sealed under: INVITATION_TOKEN_KEY, else one derived (HKDF) from the service's own
 * signing key, which only sharing holds; a derived key never signs anything, and the signing key never seals.
 */
export function invitationTokenKey(env: {
  INVITATION_TOKEN_KEY?: string | undefined
  SERVICE_PRIVATE_KEY?: string | undefined
}): string {
  if (env.INVITATION_TOKEN_KEY) return env.INVITATION_TOKEN_KEY
  if (!env.SERVICE_PRIVATE_KEY)
    throw new Error('sharing: INVITATION_TOKEN_KEY or SERVICE_PRIVATE_KEY is required')
  const derived = hkdfSync('sha256', env.SERVICE_PRIVATE_KEY, 'sharing', 'invitation token key', 32)
  return Buffer.from(derived).toString('base64url')
}
