import { createHash, randomBytes } from 'node:crypto'

/**
 * The one-time tokens of auth's e-mailed links (resets, set-password links, e-mail confirmations): 32
 * random bytes, of which only the SHA-256 is kept, so a leaked database holds no usable link.
 */
export const newOneTimeToken = () => randomBytes(32).toString('base64url')

export const hashOneTimeToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
