import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { liveHeap, option } from './support.ts'

/**
 * What each key costs the embedded key-value store in memory (decision 080), as the idempotency answers of
 * saves fill it under a soak: the live heap per key and the time of a full garbage collection, whose marking
 * grows with the objects the store keeps. Keys and values are the size of a save's, about 100 and 600
 * characters, kept a day.
 * `node --expose-gc --import tsx kv-memory.ts [--keys 200000]` (`pnpm bench:kv-memory`).
 */
const KEYS = Number(option('--keys') ?? 200_000)
const DAY_MS = 24 * 60 * 60 * 1000
const measure = () => liveHeap('kv-memory')

// With its journal, as the all-in-one runs it: writing a key's line also makes V8 write out a key built from
// parts as one string, which a Map alone would keep as the tree of its parts.
const directory = await mkdtemp(join(tmpdir(), 'bench-kv-memory-'))
const store = createMemoryKeyValueStore({ journalFile: join(directory, 'kv.journal') })
/** A save's answer, flat and of its own per key, as JSON.stringify makes each. */
const answerOf = (index: number) =>
  JSON.stringify({ fingerprint: index.toString(36).padStart(43, 'f'), status: 201, body: 'x'.repeat(520) })
const empty = measure()
let characters = 0
for (let index = 0; index < KEYS; index += 1) {
  const user = 100 + (index % 5_000)
  const key = `idempotency:profiles:save-assessment:user:${user}:${index.toString(36).padStart(43, 'k')}:answer`
  const value = answerOf(index)
  characters += key.length + value.length
  await store.set(key, value, DAY_MS)
}
const full = measure()
console.log(
  `${KEYS} keys: ${((full.heap - empty.heap) / KEYS).toFixed(0)} B of live heap per key, of which ` +
    `${(characters / KEYS).toFixed(0)} characters of key and value; a full collection ` +
    `${empty.gcMs.toFixed(1)} ms empty, ${full.gcMs.toFixed(1)} ms full`,
)
await store.close()
await rm(directory, { recursive: true, force: true })
