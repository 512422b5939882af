/** A key's value and when it expires (epoch milliseconds; null: never). */
export interface StoredEntry {
  value: string
  expiresAt: number | null
}

/**
 * The embedded key-value store's entries. A map from key to `{ value, expiresAt }` held four objects per key: the
 * key, the value, the entry and the boxed number of its expiry, and every major collection marks each of them.
 * Here a key holds two, its key and its value: the map gives the key a slot, the values are in one array by
 * slot and the expiries in one Float64Array by slot (docs/decisions/080-key-value-entries-in-slots.md).
 */
export class EntryTable {
  readonly #slots = new Map<string, number>()
  readonly #values: Array<string | null> = []
  #expiries = new Float64Array(1024)
  /** Slots of deleted keys, given to the next new ones. */
  readonly #free: number[] = []

  get size(): number {
    return this.#slots.size
  }

  /** The key's entry, expired or not. */
  get(key: string): StoredEntry | null {
    const slot = this.#slots.get(key)
    return slot === undefined ? null : this.#entryAt(slot)
  }

  set(key: string, value: string, expiresAt: number | null): void {
    let slot = this.#slots.get(key)
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.#values.length
      if (slot === this.#values.length) this.#values.push(null)
      if (slot >= this.#expiries.length) {
        const larger = new Float64Array(this.#expiries.length * 2)
        larger.set(this.#expiries)
        this.#expiries = larger
      }
      this.#slots.set(key, slot)
    }
    this.#values[slot] = value
    this.#expiries[slot] = expiresAt ?? Infinity
  }

  delete(key: string): boolean {
    const slot = this.#slots.get(key)
    if (slot === undefined) return false
    this.#slots.delete(key)
    this.#values[slot] = null
    this.#free.push(slot)
    return true
  }

  clear(): void {
    this.#slots.clear()
    this.#values.length = 0
    this.#free.length = 0
  }

  /**
   * Every entry as it is when the iteration reaches it. Like a Map's, the iteration may be interleaved with
   * changes: a key set meanwhile is reached with its new value, a key deleted before it is reached is not.
   */
  *entries(): Generator<[string, StoredEntry]> {
    for (const [key, slot] of this.#slots) yield [key, this.#entryAt(slot)]
  }

  /** Deletes every entry expired by `now`. */
  sweep(now: number): void {
    for (const [key, slot] of this.#slots) if (this.#expiries[slot]! <= now) this.delete(key)
  }

  #entryAt(slot: number): StoredEntry {
    const expiresAt = this.#expiries[slot]!
    return { value: this.#values[slot]!, expiresAt: expiresAt === Infinity ? null : expiresAt }
  }
}
