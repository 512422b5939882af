import { KeyValueUnavailableError, type KeyValueStore } from './port.ts'
import { validTtl } from './ttl.ts'

export interface MemoryKeyValueStoreOptions {
  /** How often expired keys are swept; reads already ignore them, the sweep only frees memory. */
  sweepIntervalMs?: number
}

interface Entry {
  value: string
  expiresAt: number | null
}

/** The embedded key-value store: one process, nothing persisted. Time comes from Date.now(), so fake timers apply. */
export function createMemoryKeyValueStore(options: MemoryKeyValueStoreOptions = {}): KeyValueStore {
  const entries = new Map<string, Entry>()
  let closed = false

  const live = (key: string): Entry | null => {
    const entry = entries.get(key)
    if (!entry) return null
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key)
      return null
    }
    return entry
  }
  const open = () => {
    if (closed) throw new KeyValueUnavailableError('The key-value store is closed')
  }

  const sweeper = setInterval(() => {
    const now = Date.now()
    for (const [key, entry] of entries)
      if (entry.expiresAt !== null && entry.expiresAt <= now) entries.delete(key)
  }, options.sweepIntervalMs ?? 60_000)
  sweeper.unref()

  return {
    kind: 'memory',
    async get(key) {
      open()
      return live(key)?.value ?? null
    },
    async set(key, value, ttlMs) {
      open()
      const expiresAt = ttlMs === undefined ? null : Date.now() + validTtl(ttlMs)
      entries.set(key, { value, expiresAt })
    },
    async delete(key) {
      open()
      const existed = live(key) !== null
      entries.delete(key)
      return existed
    },
    async increment(key, ttlMs) {
      open()
      const ttl = validTtl(ttlMs)
      const now = Date.now()
      const entry = live(key)
      if (entry && !/^-?\d+$/.test(entry.value)) throw new TypeError(`The value at ${key} is not an integer`)
      const value = (entry ? Number(entry.value) : 0) + 1
      // Like Redis' PEXPIRE NX: an existing expiry is kept, a key without one gets the given ttl.
      const expiresAt = entry?.expiresAt ?? now + ttl
      entries.set(key, { value: String(value), expiresAt })
      return { value, ttlMs: expiresAt - now }
    },
    async ping() {
      return !closed
    },
    async close() {
      closed = true
      clearInterval(sweeper)
      entries.clear()
    },
  }
}
