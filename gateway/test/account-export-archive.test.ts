import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { ExportAccount } from '@app/contracts/account-export'
import { exportArchive, type TableSources } from '../src/account-export/archive.ts'

/**
 * The archive of "Download my data" streams (decision 060): it reads each service's rows only as fast as the
 * client downloads, so a large table never sits whole in the gateway's memory, and a part failing half-way
 * fails the download instead of ending it as a partial archive.
 */
const account: ExportAccount = {
  id: 7,
  username: 'sam@example.test',
  email: 'sam@example.test',
  firstName: 'Sam',
  lastName: 'Streamer',
  name: 'Sam Streamer',
  role: 'standard',
  mustChangePassword: false,
  invitedByEmail: null,
  dateInvited: null,
  emailConfirmed: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const ROWS = 5000

/** A profile of about 1.5 kB that does not compress away: answers of random text. */
const profileRow = (id: number) => ({
  id,
  userId: 7,
  name: `Profile ${id}`,
  answers: Array.from({ length: 20 }, () => randomBytes(36).toString('base64')),
})

async function* none(): AsyncGenerator<object> {}

function sourcesCounting(read: { rows: number }, failAt?: number): TableSources {
  return {
    async *profiles() {
      for (let id = 1; id <= ROWS; id += 1) {
        if (id === failAt) throw new Error('the profiles service went away')
        read.rows += 1
        yield profileRow(id)
      }
    },
    invitations: none,
    access: none,
    accessHistory: none,
  }
}

describe('the export archive', () => {
  it('reads rows only as fast as the download goes, and every row twice (CSV, then data.json)', async () => {
    const read = { rows: 0 }
    const archive = exportArchive(account, sourcesCounting(read), new Date())
    const chunks = archive[Symbol.asyncIterator]() as AsyncIterator<Buffer>
    let received = 0
    while (received < 128 * 1024) received += (await chunks.next()).value.length
    // The client stops reading: the archive stops asking for rows, far from the end of the table.
    await sleep(300)
    const whilePaused = read.rows
    expect(whilePaused).toBeGreaterThan(0)
    expect(whilePaused).toBeLessThan(ROWS / 5)
    await sleep(300)
    expect(read.rows).toBe(whilePaused)

    for (let next = await chunks.next(); !next.done; next = await chunks.next()) received += next.value.length
    expect(read.rows).toBe(2 * ROWS)
    expect(received).toBeGreaterThan(ROWS * 1000)
  })

  it('fails the stream when a part fails half-way, instead of ending a partial archive', async () => {
    const read = { rows: 0 }
    const archive = exportArchive(account, sourcesCounting(read, 1000), new Date())
    const drained = (async () => {
      for await (const _chunk of archive) void _chunk
    })()
    await expect(drained).rejects.toThrow('the profiles service went away')
    expect(read.rows).toBe(999)
  })
})
