import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNedbStore } from '@app/kit/store/index'
import { z } from 'zod'

/** NeDB (the embedded store) speed: inserts into a uniquely indexed collection, then indexed lookups. */

const INSERTS = 10_000
const LOOKUPS = 1_000

const UserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(['standard', 'administrator']),
  createdAt: z.date(),
})

function summary(label: string, samples: number[], totalMs: number): string {
  const sorted = [...samples].sort((a, b) => a - b)
  const percentile = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  const opsPerSecond = Math.round((samples.length / totalMs) * 1000)
  return `${label.padEnd(22)} ${String(samples.length).padStart(6)} ops ${String(opsPerSecond).padStart(8)} ops/s   p50 ${percentile(50).toFixed(3)} ms   p99 ${percentile(99).toFixed(3)} ms`
}

async function timed(count: number, operation: (index: number) => Promise<unknown>) {
  const samples: number[] = []
  const started = performance.now()
  for (let index = 0; index < count; index += 1) {
    const before = performance.now()
    await operation(index)
    samples.push(performance.now() - before)
  }
  return { samples, totalMs: performance.now() - started }
}

/**
 * Holds the event loop `busyMs` of every `everyMs`, as the other requests of a busy process do: each round trip a
 * write makes to libuv's pool then waits for a turn of the loop (docs/decisions/075-datafile-kept-open-for-its-syncs.md).
 */
function occupyLoop(busyMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + busyMs
    while (performance.now() < until);
  }, everyMs)
  return () => clearInterval(timer)
}

/**
 * What durable writes cost (docs/decisions/011-durable-embedded-store.md): inserts with and without the fsync
 * each write waits for, one at a time and with 32 in flight (where group commit shares one fsync).
 */
async function durabilityCost(): Promise<void> {
  const COUNT = 2_000
  console.log(`\nDurable writes: ${COUNT} inserts into a fresh store, each row its own store`)
  const cases = [
    ...[false, true].flatMap((syncWrites) =>
      [1, 32].map((inFlight) => ({ syncWrites, inFlight, busy: false })),
    ),
    ...[1, 32].map((inFlight) => ({ syncWrites: true, inFlight, busy: true })),
  ]
  for (const { syncWrites, inFlight, busy } of cases) {
    const runDirectory = await mkdtemp(join(tmpdir(), 'bench-store-sync-'))
    try {
      const store = await createNedbStore({ directory: runDirectory, syncWrites })
      const users = await store.collection('users', { schema: UserSchema, idKind: 'int' })
      const samples: number[] = []
      const release = busy ? occupyLoop(2, 3) : () => undefined
      const started = performance.now()
      let next = 0
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < COUNT) {
            const index = next++
            const before = performance.now()
            await users.insert({
              email: `u${index}@example.com`,
              name: `U ${index}`,
              role: 'standard',
              createdAt: new Date(),
            })
            samples.push(performance.now() - before)
          }
        }),
      )
      const totalMs = performance.now() - started
      release()
      await store.close()
      const label = `${syncWrites ? 'fsync' : 'no fsync'}, ${inFlight} in flight${busy ? ', loop busy' : ''}`
      console.log(summary(label, samples, totalMs))
    } finally {
      await rm(runDirectory, { recursive: true, force: true })
    }
  }
}

const directory = await mkdtemp(join(tmpdir(), 'bench-store-'))
try {
  const store = await createNedbStore({ directory })
  const users = await store.collection('users', {
    schema: UserSchema,
    idKind: 'int',
    indexes: [{ field: 'email', unique: true }],
  })

  const inserts = await timed(INSERTS, (index) =>
    users.insert({
      email: `user${index}@example.com`,
      name: `User ${index}`,
      role: 'standard',
      createdAt: new Date(),
    }),
  )
  const pick = () => Math.floor(Math.random() * INSERTS)
  const byEmail = await timed(LOOKUPS, async () => {
    const found = await users.findOne({ email: `user${pick()}@example.com` })
    if (!found) throw new Error('lookup by email missed')
  })
  const byId = await timed(LOOKUPS, async () => {
    const found = await users.findOne({ id: pick() + 1 })
    if (!found) throw new Error('lookup by id missed')
  })
  const closeStarted = performance.now()
  await store.close()
  const closeMs = performance.now() - closeStarted

  console.log(`NeDB file store, Node ${process.version}, ${INSERTS} documents with a unique index on email`)
  console.log(summary('insert', inserts.samples, inserts.totalMs))
  console.log(summary('findOne by email', byEmail.samples, byEmail.totalMs))
  console.log(summary('findOne by id', byId.samples, byId.totalMs))
  const size = (await stat(join(directory, 'users.db'))).size
  console.log(
    `close (compaction)     ${closeMs.toFixed(1)} ms, datafile ${(size / 1024 / 1024).toFixed(2)} MiB`,
  )
} finally {
  await rm(directory, { recursive: true, force: true })
}

await durabilityCost()
