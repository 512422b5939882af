import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createKeyValueStore } from '../../src/kv/index.ts'
import { isJournalRecord } from '../../src/kv/journal.ts'
import { createMemoryKeyValueStore } from '../../src/kv/memory.ts'
import { DamagedDataFileError, repairDatafile } from '../../src/store/datafiles.ts'
import { describeKeyValueContract } from './contract.ts'

const folder = mkdtempSync(join(tmpdir(), 'kv-journal-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
let files = 0
const freshFile = () => join(folder, `store-${++files}`, 'journal.jsonl')

describeKeyValueContract('memory with a journal file', async () =>
  createMemoryKeyValueStore({ journalFile: freshFile() }),
)

describe('the embedded key-value store persisted under DATA_DIR', () => {
  it('keeps values, deletions, expiries and counters across a restart', async () => {
    const file = freshFile()
    const first = createMemoryKeyValueStore({ journalFile: file })
    await first.set('session:revoked:a', '1', 60_000)
    await first.set('session:revoked:b', '1')
    await first.set('gone', 'x')
    await first.delete('gone')
    await first.set('short', 'x', 30)
    await first.increment('throttle:login:sam', 60_000)
    await first.increment('throttle:login:sam', 60_000)
    await first.close()
    await new Promise((resolve) => setTimeout(resolve, 60))

    const second = createMemoryKeyValueStore({ journalFile: file })
    expect(await second.get('session:revoked:a')).toBe('1')
    expect(await second.get('session:revoked:b')).toBe('1')
    expect(await second.get('gone')).toBeNull()
    expect(await second.get('short')).toBeNull()
    const counter = await second.increment('throttle:login:sam', 60_000)
    expect(counter.value).toBe(3)
    // The window started before the restart and keeps its end.
    expect(counter.ttlMs).toBeLessThan(60_000)
    await second.close()
  })

  it('has a value on disk as soon as set resolves, without a close (a killed process)', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file })
    await store.set('session:revoked:killed', '1', 60_000)
    expect(readFileSync(file, 'utf8')).toContain('session:revoked:killed')
    // A second store opened on the same file, as after a SIGKILL and a restart, sees it.
    const restarted = createMemoryKeyValueStore({ journalFile: file })
    expect(await restarted.get('session:revoked:killed')).toBe('1')
    await restarted.close()
    await store.close()
  })

  it('ignores a torn last line left by a crash in the middle of an append', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file })
    await store.set('kept', 'yes')
    await store.close()
    appendFileSync(file, '{"set":"torn","val')
    const reopened = createMemoryKeyValueStore({ journalFile: file })
    expect(await reopened.get('kept')).toBe('yes')
    expect(await reopened.get('torn')).toBeNull()
    await reopened.set('after', 'fine')
    await reopened.close()
    const again = createMemoryKeyValueStore({ journalFile: file })
    expect(await again.get('after')).toBe('fine')
    expect(await again.get('kept')).toBe('yes')
    await again.close()
  })

  it('stops on a garbled line before the last, naming the file and line; the repair drops only that line', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file })
    await store.set('session:revoked:first', '1', 60_000)
    await store.set('session:revoked:second', '1', 60_000)
    await store.set('session:revoked:third', '1', 60_000)
    await store.close()
    // Damage inside the file (a bad disk, a bad copy), not a torn append: the second revocation's line.
    const lines = readFileSync(file, 'utf8').split('\n')
    const garbled = lines.findIndex((line) => line.includes('second'))
    lines[garbled] = `#${lines[garbled]!.slice(1)}`
    writeFileSync(file, lines.join('\n'))

    let failure: unknown
    try {
      createMemoryKeyValueStore({ journalFile: file })
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(DamagedDataFileError)
    expect((failure as Error).message).toContain(`${file}: line ${garbled + 1} is not a valid record`)
    expect((failure as Error).message).toContain('npm run data:repair')
    // Nothing was rewritten: the operator's file is as it was.
    expect(readFileSync(file, 'utf8')).toBe(lines.join('\n'))

    const repaired = repairDatafile(file, { isRecord: isJournalRecord })
    expect(repaired?.dropped).toEqual([
      { line: garbled + 1, reason: 'garbled', bytes: lines[garbled]!.length },
    ])
    expect(readFileSync(repaired!.backup, 'utf8')).toBe(lines.join('\n'))
    // It holds session ids: the repaired file stays readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const reopened = createMemoryKeyValueStore({ journalFile: file })
    expect(await reopened.get('session:revoked:first')).toBe('1')
    expect(await reopened.get('session:revoked:third')).toBe('1')
    await reopened.close()
  })

  it('compacts the file: history goes, the live values stay', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file, syncedKeyPrefixes: ['session:'] })
    // Keys outside the synced prefixes are written without a sync, so the churn is quick.
    for (let round = 0; round < 12_000; round += 1) await store.increment('churn', 600_000)
    await store.set('other', 'value')
    // Closing waits for a compaction under way.
    await store.close()
    // Twelve thousand changes of one key are about 700 KB uncompacted; compaction after 10,000 leaves 2,000.
    expect(statSync(file).size).toBeLessThan(200_000)
    const reopened = createMemoryKeyValueStore({ journalFile: file })
    expect(await reopened.get('churn')).toBe('12000')
    expect(await reopened.get('other')).toBe('value')
    expect(statSync(file).size).toBeLessThan(200)
    await reopened.close()
  }, 60_000)

  it('goes on taking changes while it compacts, and keeps every one of them', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file, syncedKeyPrefixes: ['session:'] })
    // Enough live keys that writing the snapshot takes several turns of the loop.
    for (let key = 0; key < 6_000; key += 1) await store.set(`live:${key}`, 'x'.repeat(200))
    let compacting = 0
    for (let round = 0; round < 9_000; round += 1) {
      await store.increment('churn', 600_000)
      if (existsSync(`${file}.tmp`)) {
        compacting += 1
        // Changes made while the snapshot is written: a new key, a deletion, an overwrite.
        await store.set(`during:${compacting}`, String(round))
        await store.delete(`live:${compacting}`)
        await store.set('live:5999', `overwritten ${compacting}`)
      }
    }
    expect(compacting, 'changes made while a compaction was under way').toBeGreaterThan(0)
    await store.close()
    expect(existsSync(`${file}.tmp`)).toBe(false)

    const reopened = createMemoryKeyValueStore({ journalFile: file })
    expect(await reopened.get('churn')).toBe('9000')
    expect(await reopened.get(`during:${compacting}`)).not.toBeNull()
    expect(await reopened.get('during:1')).not.toBeNull()
    expect(await reopened.get('live:1')).toBeNull()
    expect(await reopened.get(`live:${compacting + 1}`)).toBe('x'.repeat(200))
    expect(await reopened.get('live:5999')).toBe(`overwritten ${compacting}`)
    await reopened.close()
  }, 60_000)

  it('keeps every change made at once, durable or not, each acknowledged with those written beside it', async () => {
    const file = freshFile()
    const store = createMemoryKeyValueStore({ journalFile: file, syncedKeyPrefixes: ['session:'] })
    // Changes made in the same turn go out together (decision 069): one write, one fdatasync if any is durable.
    await Promise.all(
      Array.from({ length: 2_000 }, (_, index) =>
        index % 10 === 0
          ? store.set(`session:revoked:${index}`, '1', 60_000)
          : store.set(`idempotency:${index}`, `answer ${index}`, 60_000),
      ),
    )
    await store.delete('idempotency:1')
    // Read back by another store on the same file before any close, as after a kill and a restart.
    const restarted = createMemoryKeyValueStore({ journalFile: file })
    expect(await restarted.get('session:revoked:0')).toBe('1')
    expect(await restarted.get('session:revoked:1990')).toBe('1')
    expect(await restarted.get('idempotency:1999')).toBe('answer 1999')
    expect(await restarted.get('idempotency:1')).toBeNull()
    await restarted.close()
    await store.close()
  })

  it('is what createKeyValueStore gives for a data folder without REDIS_URL', async () => {
    const dataDirectory = join(folder, 'data-dir')
    const store = createKeyValueStore({ dataDirectory })
    await store.set('session:valid-after:7', '123', 60_000)
    await store.close()
    const restarted = createKeyValueStore({ dataDirectory })
    expect(await restarted.get('session:valid-after:7')).toBe('123')
    await restarted.close()
    expect(readFileSync(join(dataDirectory, 'kv', 'journal.jsonl'), 'utf8')).toContain('valid-after')
  })
})
