import type { KeyValueStore } from '@app/kit/kv/port'
import { authErrors } from './errors.ts'

export interface ThrottleOptions {
  name: string
  /** Attempts one address may make on one account in a window; past them that address waits for its end. */
  perAddress: { max: number; windowMs: number }
  /**
   * Failures on one account from every address that cost nothing; past them, addresses that never signed in
   * to the account get one attempt per delay, doubling from a second up to `maxDelayMs`.
   */
  perAccount: { freeFailures: number; windowMs: number; maxDelayMs: number }
}

/** How long an address that signed in to an account stays known to it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000

/**
 * Guessing limits that an attacker cannot turn against the owner (decision 022): a hard limit per account
 * and source address together, and an account-wide limit that delays addresses the account does not know
 * instead of locking the account. Kept in the key-value store, so every replica counts together.
 */
export function createThrottle(kv: KeyValueStore, options: ThrottleOptions) {
  const keysOf = (subject: string, address: string) => {
    const account = subject.trim().toLowerCase()
    return {
      pair: `throttle:${options.name}:pair:${account}:${address}`,
      failures: `throttle:${options.name}:failures:${account}`,
      gate: `throttle:${options.name}:gate:${account}`,
      known: `throttle:known:${account}:${address}`,
    }
  }
  const { perAddress, perAccount } = options
  return {
    /**
     * Counts an attempt from `address` on the account, or refuses it with the time to wait. `onFirstRefusal`
     * runs for the first refusal of each window only (the counter just past its limit), so a flood of
     * refused attempts costs no more than the counters already kept.
     */
    async admit(subject: string, address: string, onFirstRefusal?: () => Promise<void>): Promise<void> {
      const refuse = async (count: number, limit: number, ttlMs: number) => {
        if (count === limit + 1) await onFirstRefusal?.()
        throw authErrors.tooManyAttempts(ttlMs / 1000)
      }
      const keys = keysOf(subject, address)
      const [failures, known] = await kv.getMany([keys.failures, keys.known])
      const excess = Number(failures ?? 0) - perAccount.freeFailures
      if (known === null && excess >= 0) {
        const delayMs = Math.min(perAccount.maxDelayMs, 1000 * 2 ** Math.min(excess, 30))
        // The first attempt of each delay opens the gate; the others wait for it to close.
        const gate = await kv.increment(keys.gate, delayMs)
        if (gate.value > 1) await refuse(gate.value, 1, gate.ttlMs)
      }
      const pair = await kv.increment(keys.pair, perAddress.windowMs)
      if (pair.value > perAddress.max) await refuse(pair.value, perAddress.max, pair.ttlMs)
    },
    /** Counts a failure against the account as a whole. */
    async failed(subject: string): Promise<void> {
      await kv.increment(keysOf(subject, '').failures, perAccount.windowMs)
    },
    /** The address proved it knows the password: its count starts again, and the account knows it. */
    async succeeded(subject: string, address: string): Promise<void> {
      const keys = keysOf(subject, address)
      await kv.delete(keys.pair)
      await kv.set(keys.known, '1', KNOWN_ADDRESS_MS)
    },
  }
}
export type Throttle = ReturnType<typeof createThrottle>
