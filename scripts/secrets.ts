import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateIdentityKeyPair, publicKeyOf } from '@app/kit/identity'
import { publicKeysHeldBy, signsWithOwnKey, SIGNERS, upperName, type Caller } from '@app/kit/services'
import { randomRedisPassword } from '@app/kit/testing/redis-server'

/** A symmetric secret: 32 random bytes, base64url (43 characters, above the configuration's 32 minimum). */
export const randomSecret = (): string => randomBytes(32).toString('base64url')

export interface LocalSecrets {
  SESSION_SECRET: string
  /** The password of the Redis servers `npm run start:cluster` starts (decision 021). */
  REDIS_PASSWORD: string
  /** Seals invitation tokens at rest (the sharing service only). */
  INVITATION_TOKEN_KEY: string
  /** The private key of each signer; a process receives only its own (`keyEnvironment`). */
  privateKeys: Partial<Record<Caller, string>>
}

/**
 * One machine, no operator: secrets and signing keys not given in the environment are generated once and
 * kept under DATA_DIR (mode 0600), so sessions survive a restart. `GATEWAY_PRIVATE_KEY` and
 * `<SERVICE>_PRIVATE_KEY` in the environment take precedence.
 */
export function localSecrets(dataDirectory: string, env: Record<string, string | undefined>): LocalSecrets {
  const file = join(dataDirectory, 'secrets.json')
  mkdirSync(dataDirectory, { recursive: true })
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  let changed = false
  const pick = (name: string, generate: () => string) => {
    const given = env[name]
    if (given) return given
    if (!stored[name]) {
      stored[name] = generate()
      changed = true
    }
    return stored[name]!
  }
  const SESSION_SECRET = pick('SESSION_SECRET', randomSecret)
  const REDIS_PASSWORD = pick('REDIS_PASSWORD', randomRedisPassword)
  const INVITATION_TOKEN_KEY = pick('INVITATION_TOKEN_KEY', randomSecret)
  const privateKeys = Object.fromEntries(
    SIGNERS.map((signer) => [
      signer,
      pick(`${signer.toUpperCase()}_PRIVATE_KEY`, () => generateIdentityKeyPair().privateKey),
    ]),
  ) as Partial<Record<Caller, string>>
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
  return { SESSION_SECRET, REDIS_PASSWORD, INVITATION_TOKEN_KEY, privateKeys }
}

/**
 * Drops the stored SESSION_SECRET, so that the next start makes a new one and every session ends. False when
 * none is stored (the environment gives it, or the product never started).
 */
export function forgetSessionSecret(dataDirectory: string): boolean {
  const file = join(dataDirectory, 'secrets.json')
  if (!existsSync(file)) return false
  const stored: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'))
  if (!stored.SESSION_SECRET) return false
  delete stored.SESSION_SECRET
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
  return true
}

/**
 * The key variables of one process: the gateway gets its private key; a service gets the gateway's public
 * key, its callers' and its events' publishers' public keys, and its own private key when it calls others or
 * publishes events (kit `internalCallEnv`).
 */
export function keyEnvironment(process: Caller, secrets: LocalSecrets): Record<string, string> {
  const privateKey = (signer: Caller) => {
    const key = secrets.privateKeys[signer]
    if (!key) throw new Error(`no local key for ${signer}`)
    return key
  }
  if (process === 'gateway')
    return { SESSION_SECRET: secrets.SESSION_SECRET, GATEWAY_PRIVATE_KEY: privateKey('gateway') }
  return {
    ...Object.fromEntries(
      publicKeysHeldBy(process).map((holder) => [
        `${holder === 'gateway' ? 'GATEWAY' : upperName(holder)}_PUBLIC_KEY`,
        publicKeyOf(privateKey(holder)),
      ]),
    ),
    ...(signsWithOwnKey(process) ? { SERVICE_PRIVATE_KEY: privateKey(process) } : {}),
    ...(process === 'sharing' ? { INVITATION_TOKEN_KEY: secrets.INVITATION_TOKEN_KEY } : {}),
  }
}
