/** Key-value with expiry: sessions, revocations, rate limits, caches. Values are strings. */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | null>
  /** The values of `keys` in their order (null where missing or expired), read in one batch. */
  getMany(keys: readonly string[]): Promise<Array<string | null>>
  /** ttlMs omitted means no expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>
  delete(key: string): Promise<boolean>
  /** Atomically adds 1 and returns the new value; the expiry is set when the key is created. */
  increment(key: string, ttlMs: number): Promise<{ value: number; ttlMs: number }>
  ping(): Promise<boolean>
  close(): Promise<void>
}

/** Thrown when the networked store cannot be reached: callers fail closed (HTTP 503). */
export class KeyValueUnavailableError extends Error {
  override name = 'KeyValueUnavailableError'
}
