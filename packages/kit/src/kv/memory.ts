import { EntryTable, type StoredEntry } from './entry-table.ts'
import { openJournal, type Journal } from './journal.ts'
import { KeyValueUnavailableError, type KeyValueStore } from './port.ts'
import { validTtl } from './ttl.ts'

export interface MemoryKeyValueStoreOptions {
  /** How often expired keys are swept; reads already ignore them, the sweep only frees memory. */
  sweepIntervalMs?: number
  /**
   * Keep the store in this file (under DATA_DIR) so that revocations survive a restart (decision 008).
   * Without it, nothing is persisted.
   */
  journalFile?: string
  /**
   * Changes to keys with these prefixes reach the disk (fdatasync) before the call resolves; the others are
   * written but not synced, which survives a crash of the process but not of the machine. Default: every key.
   */
  syncedKeyPrefixes?: readonly string[]
}

/**
 * The embedded key-value store: one process, held in memory and, given a journal file, persisted there.
 * Time comes from Date.now(), so fake timers apply.
 */
export function createMemoryKeyValueStore(options: MemoryKeyValueStoreOptions = {}): KeyValueStore {
  const entries = new EntryTable()
  const journal: Journal | null = options.journalFile ? openJournal(options.journalFile, entries) : null
  const syncedPrefixes = options.syncedKeyPrefixes ?? ['']
  const synced = (key: string) => syncedPrefixes.some((prefix) => key.startsWith(prefix))
  let closed = false

  const live = (key: string): StoredEntry | null => {
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

  const sweeper = setInterval(() => entries.sweep(Date.now()), options.sweepIntervalMs ?? 60_000)
  sweeper.unref()

  return {
    kind: 'memory',
    async get(key) {
      open()
      return live(key)?.value ?? null
    },
    async getMany(keys) {
      open()
      return keys.map((key) => live(key)?.value ?? null)
    },
    async set(key, value, ttlMs) {
      open()
      const expiresAt = ttlMs === undefined ? null : Date.now() + validTtl(ttlMs)
      entries.set(key, value, expiresAt)
      await journal?.record({ set: key, value, expiresAt }, synced(key))
    },
    async delete(key) {
      open()
      const existed = live(key) !== null
      entries.delete(key)
      if (existed) await journal?.record({ delete: key }, synced(key))
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
      const text = String(value)
      entries.set(key, text, expiresAt)
      await journal?.record({ set: key, value: text, expiresAt }, synced(key))
      return { value, ttlMs: expiresAt - now }
    },
    async ping() {
      return !closed
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(sweeper)
      await journal?.close()
      entries.clear()
    },
  }
}
