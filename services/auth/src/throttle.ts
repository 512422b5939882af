import type { KeyValueStore } from '@app/kit/kv/port'
import { authErrors } from './errors.ts'

/**
 * Per-account limits, kept in the key-value store so they hold across gateways and whatever address the
 * caller claims (SECURITY.md 3). The gateway adds the per-address limits.
 */
export function createThrottle(kv: KeyValueStore, options: { name: string; max: number; windowMs: number }) {
  const key = (subject: string) => `throttle:${options.name}:${subject.trim().toLowerCase()}`
  return {
    /** Counts an attempt and refuses it with 429 once the account has used up its window. */
    async hit(subject: string): Promise<void> {
      const { value, ttlMs } = await kv.increment(key(subject), options.windowMs)
      if (value > options.max) throw authErrors.tooManyAttempts(ttlMs / 1000)
    },
    async reset(subject: string): Promise<void> {
      await kv.delete(key(subject))
    },
  }
}
export type Throttle = ReturnType<typeof createThrottle>
