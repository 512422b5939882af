import type { KeyValueStore } from '@app/kit/kv/port'

/** Questions per user per window, in the key-value store so that every replica counts together. */
export function createAdviceRateLimit(kv: KeyValueStore, options: { max: number; windowMs: number }) {
  return {
    /** Counts a question; the seconds to wait when the user is over the limit, else null. */
    async hit(userId: number): Promise<number | null> {
      const { value, ttlMs } = await kv.increment(`advice:questions:${userId}`, options.windowMs)
      return value > options.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : null
    },
  }
}
export type AdviceRateLimit = ReturnType<typeof createAdviceRateLimit>
