import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One machine, no operator: secrets not given in the environment are generated once and kept under
 * DATA_DIR (mode 0600), so sessions survive a restart.
 */
export function localSecrets(dataDirectory: string, env: Record<string, string | undefined>) {
  const file = join(dataDirectory, 'secrets.json')
  mkdirSync(dataDirectory, { recursive: true })
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  let changed = false
  const pick = (name: 'SESSION_SECRET' | 'INTERNAL_TOKEN_SECRET') => {
    const given = env[name]
    if (given) return given
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('base64url')
      changed = true
    }
    return stored[name]!
  }
  const secrets = {
    SESSION_SECRET: pick('SESSION_SECRET'),
    INTERNAL_TOKEN_SECRET: pick('INTERNAL_TOKEN_SECRET'),
  }
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
  return secrets
}
