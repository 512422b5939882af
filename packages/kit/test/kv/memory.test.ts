import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryKeyValueStore } from '../../src/kv/memory.ts'
import { describeKeyValueContract } from './contract.ts'

describeKeyValueContract('memory', async () => createMemoryKeyValueStore())

describe('memory key-value store with a fake clock', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('expires values and counters exactly at their ttl', async () => {
    vi.useFakeTimers()
    const store = createMemoryKeyValueStore({ sweepIntervalMs: 1000 })
    await store.set('session', 'alive', 60_000)
    await store.increment('attempts', 60_000)
    vi.advanceTimersByTime(59_999)
    expect(await store.get('session')).toBe('alive')
    expect(await store.increment('attempts', 60_000)).toEqual({ value: 2, ttlMs: 1 })
    vi.advanceTimersByTime(1)
    expect(await store.get('session')).toBeNull()
    expect(await store.increment('attempts', 60_000)).toEqual({ value: 1, ttlMs: 60_000 })
    await store.close()
  })
})
