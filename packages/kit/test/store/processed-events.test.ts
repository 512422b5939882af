import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createNedbStore } from '../../src/store/nedb.ts'
import type { DocumentStore } from '../../src/store/port.ts'
import { createProcessedEventLog } from '../../src/store/processed-events.ts'

describe('processed event log', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const memoryStore = async (): Promise<DocumentStore> => {
    const store = await createNedbStore({ directory: null })
    cleanups.push(() => store.close())
    return store
  }

  it('remembers an event per consumer group', async () => {
    const log = await createProcessedEventLog(await memoryStore())
    expect(await log.has('profiles', 'event-1')).toBe(false)
    await log.record('profiles', 'event-1')
    expect(await log.has('profiles', 'event-1')).toBe(true)
    expect(await log.has('sharing', 'event-1')).toBe(false)
    expect(await log.has('profiles', 'event-2')).toBe(false)
  })

  it('accepts the same record twice, even concurrently, and keeps one entry', async () => {
    const store = await memoryStore()
    const log = await createProcessedEventLog(store)
    await Promise.all([log.record('g', 'e'), log.record('g', 'e'), log.record('g', 'e')])
    await log.record('g', 'e')
    const entries = await store.collection('processed_events', {
      schema: z.object({ key: z.string(), processedAt: z.date() }),
      idKind: 'uuid',
    })
    const recorded = await entries.find({ key: 'g:e' })
    expect(recorded).toHaveLength(1)
    expect(recorded[0]?.processedAt).toBeInstanceOf(Date)
  })

  it('keeps its records across a restart of a file-backed store', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'kit-events-'))
    cleanups.push(() => rm(directory, { recursive: true, force: true }))
    const first = await createNedbStore({ directory })
    await (await createProcessedEventLog(first)).record('advice', 'event-9')
    await first.close()
    const second = await createNedbStore({ directory })
    cleanups.push(() => second.close())
    expect(await (await createProcessedEventLog(second)).has('advice', 'event-9')).toBe(true)
  })
})
