import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeyValueUnavailableError, type KeyValueStore } from '../../src/kv/port.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The key-value port's contract, run unchanged against every adapter. */
export function describeKeyValueContract(name: string, createStore: () => Promise<KeyValueStore>): void {
  describe(`key-value contract: ${name}`, () => {
    let store: KeyValueStore
    let counter = 0
    // Keys are unique per test so that adapters sharing one server do not see each other's data.
    const key = (label: string) => `contract:${Date.now()}:${++counter}:${label}`

    beforeAll(async () => {
      store = await createStore()
    })
    afterAll(async () => {
      await store.close()
    })

    it('returns null for a key never set', async () => {
      expect(await store.get(key('missing'))).toBeNull()
    })

    it('stores, overwrites and deletes a value', async () => {
      const k = key('value')
      await store.set(k, 'first')
      expect(await store.get(k)).toBe('first')
      await store.set(k, 'second')
      expect(await store.get(k)).toBe('second')
      expect(await store.delete(k)).toBe(true)
      expect(await store.get(k)).toBeNull()
      expect(await store.delete(k)).toBe(false)
    })

    it('keeps values byte for byte, including empty and unicode strings', async () => {
      const k1 = key('empty')
      const k2 = key('unicode')
      await store.set(k1, '')
      await store.set(k2, 'Zoë 🚀 "quoted"\n')
      expect(await store.get(k1)).toBe('')
      expect(await store.get(k2)).toBe('Zoë 🚀 "quoted"\n')
    })

    it('expires a value after its ttl and keeps one without ttl', async () => {
      const expiring = key('expiring')
      const lasting = key('lasting')
      await store.set(expiring, 'soon gone', 60)
      await store.set(lasting, 'stays')
      expect(await store.get(expiring)).toBe('soon gone')
      await sleep(120)
      expect(await store.get(expiring)).toBeNull()
      expect(await store.delete(expiring)).toBe(false)
      expect(await store.get(lasting)).toBe('stays')
    })

    it('drops the old expiry when a value is set again without ttl', async () => {
      const k = key('reset-expiry')
      await store.set(k, 'short', 60)
      await store.set(k, 'long')
      await sleep(120)
      expect(await store.get(k)).toBe('long')
    })

    it('reads many keys at once, in the order asked, with null for missing and expired ones', async () => {
      const [first, missing, expiring, last] = ['first', 'missing', 'expiring', 'last'].map(key)
      await store.set(first!, 'one')
      await store.set(expiring!, 'soon gone', 60)
      await store.set(last!, '')
      expect(await store.getMany([last!, missing!, expiring!, first!])).toEqual([
        '',
        null,
        'soon gone',
        'one',
      ])
      await sleep(120)
      expect(await store.getMany([first!, expiring!, missing!, last!])).toEqual(['one', null, null, ''])
    })

    it('answers an empty list of keys with an empty list', async () => {
      expect(await store.getMany([])).toEqual([])
    })

    it('answers each occurrence of a key asked for more than once', async () => {
      const [present, absent] = [key('present'), key('absent')]
      await store.set(present, 'here')
      expect(await store.getMany([present, absent, present, absent, present])).toEqual([
        'here',
        null,
        'here',
        null,
        'here',
      ])
    })

    it('reads a list of thousands of keys in order, across any batching of the adapter', async () => {
      const keys = Array.from({ length: 2_500 }, (_, index) => key(`many-${index}`))
      // Values at the edges of 1,000-key batches and a few inside; the rest missing.
      const stored = [0, 1, 998, 999, 1000, 1001, 1999, 2000, 2001, 2499]
      for (const index of stored) await store.set(keys[index]!, `value ${index}`)
      const values = await store.getMany(keys)
      expect(values).toHaveLength(keys.length)
      expect(values).toEqual(keys.map((_, index) => (stored.includes(index) ? `value ${index}` : null)))
    })

    it('counts from 1, sets the expiry on creation and reports the remaining ttl', async () => {
      const k = key('counter')
      const first = await store.increment(k, 10_000)
      expect(first.value).toBe(1)
      expect(first.ttlMs).toBeGreaterThan(9_000)
      expect(first.ttlMs).toBeLessThanOrEqual(10_000)
      await sleep(30)
      const second = await store.increment(k, 10_000)
      expect(second.value).toBe(2)
      // The window is not extended by later increments.
      expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs - 20)
      expect(await store.get(k)).toBe('2')
    })

    it('restarts a counter once its window has expired', async () => {
      const k = key('window')
      await store.increment(k, 60)
      await store.increment(k, 60)
      await sleep(120)
      expect((await store.increment(k, 60)).value).toBe(1)
    })

    it('gives an expiry to a counter that had none', async () => {
      const k = key('no-expiry')
      await store.set(k, '41')
      const result = await store.increment(k, 60)
      expect(result).toEqual({ value: 42, ttlMs: expect.any(Number) })
      expect(result.ttlMs).toBeLessThanOrEqual(60)
      await sleep(120)
      expect(await store.get(k)).toBeNull()
    })

    it('increments atomically under 100 parallel calls', async () => {
      const k = key('parallel')
      const results = await Promise.all(Array.from({ length: 100 }, () => store.increment(k, 10_000)))
      const values = results.map((result) => result.value).sort((a, b) => a - b)
      expect(values).toEqual(Array.from({ length: 100 }, (_, index) => index + 1))
      expect(await store.get(k)).toBe('100')
    })

    it('refuses to increment a value that is not an integer, as a caller error', async () => {
      const k = key('not-a-number')
      await store.set(k, 'abc')
      const error = await store.increment(k, 1000).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Error)
      expect(error).not.toBeInstanceOf(KeyValueUnavailableError)
      expect(await store.get(k)).toBe('abc')
    })

    it('refuses a ttl that is not positive', async () => {
      await expect(store.set(key('ttl'), 'x', 0)).rejects.toBeInstanceOf(RangeError)
      await expect(store.increment(key('ttl'), -5)).rejects.toBeInstanceOf(RangeError)
      await expect(store.set(key('ttl'), 'x', Number.NaN)).rejects.toBeInstanceOf(RangeError)
    })

    it('answers ping while open, and fails closed once closed', async () => {
      const own = await createStore()
      expect(await own.ping()).toBe(true)
      await own.close()
      expect(await own.ping()).toBe(false)
      await expect(own.get(key('closed'))).rejects.toBeInstanceOf(KeyValueUnavailableError)
      await expect(own.getMany([key('closed')])).rejects.toBeInstanceOf(KeyValueUnavailableError)
      await expect(own.increment(key('closed'), 1000)).rejects.toBeInstanceOf(KeyValueUnavailableError)
    })
  })
}
