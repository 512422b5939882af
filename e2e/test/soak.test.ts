import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { WINDOW_P99_BUDGET_MS, windowLimitMs, windowVerdict } from '../../bench/soak-budget.ts'

const root = resolve(import.meta.dirname, '../..')
const reportDirectory = mkdtempSync(join(tmpdir(), 'soak-'))
afterAll(() => rmSync(reportDirectory, { recursive: true, force: true }))

interface SoakReport {
  rate: number
  windows: Array<{
    second: number
    completed: number
    p50: number
    p99: number
    /** Null when the window had no save (JSON has no NaN). */
    saveP99: number | null
    /** The slowest fdatasync of the soak's disk probe in the window (ms). */
    diskMax: number
    errors: Record<string, number>
  }>
  windowP99BudgetMs: number
  rss: Array<{ second: number; rssMiB: number }>
}

/**
 * The 60 s version of bench/soak.ts (issue 14 item 1) on the whole product in the all-in-one mode: 50 signed-in
 * users at a time (each signs out after 80 saves and a fresh one signs in), 80% reads and 20% saves at half the
 * measured peak. It fails on a collapse (the last 20 s complete
 * less than half of what the first 20 s did), on any 5xx, on requests left without an answer, and on a stall:
 * any 10 s window whose p99, over every call or over the saves alone, passes the soak's budget of 250 ms
 * (issue 31 item 6), or the disk's own stall in it plus 50 ms where the disk stalled longer (decision 072), as the
 * 10-minute runs of bench/README.md are judged.
 */
describe('the product under a mixed load for 60 s', () => {
  // One retry: a minute of a shared two-core machine can carry one neighbour's burst or one major collection at
  // the budget's edge (bench/README.md records how often in ten minutes). A stall of the product's own making,
  // such as a compaction or a queue, comes back in the second run and fails it.
  it(
    'holds its throughput, with no 5xx and no window over 250 ms beyond the disk’s own stall',
    { timeout: 180_000, retry: 1 },
    async () => {
      const reportFile = join(reportDirectory, 'soak.json')
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'bench/soak.ts',
          ...['--mode', 'all-in-one', '--seconds', '60', '--window', '10', '--peak-seconds', '5'],
          ...['--json', reportFile],
        ],
        { cwd: root, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk.toString()))
      child.stderr.on('data', (chunk) => (output += chunk.toString()))
      const code = await new Promise((resolveExit) => child.once('exit', resolveExit))
      expect(code, output.slice(-3000)).toBe(0)

      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as SoakReport
      expect(report.windows).toHaveLength(6)
      const throughput = (windows: SoakReport['windows']) =>
        windows.reduce((sum, window) => sum + window.completed, 0) / windows.length
      const first = throughput(report.windows.slice(0, 2))
      const last = throughput(report.windows.slice(-2))
      expect(first, output).toBeGreaterThan(0)
      expect(last, `last 20 s ${last} req/s against ${first} req/s in the first 20 s`).toBeGreaterThanOrEqual(
        first / 2,
      )
      const failures = report.windows.flatMap((window) =>
        Object.entries(window.errors).filter(([key]) => {
          // The key ends in a status, or in a transport failure's name (ECONNRESET, timeout): both fail.
          const status = Number(key.split(' ').at(-1))
          return Number.isNaN(status) || status >= 500
        }),
      )
      expect(failures, output).toEqual([])
      expect(report.rss.length).toBeGreaterThanOrEqual(2)
      expect(report.windowP99BudgetMs).toBe(WINDOW_P99_BUDGET_MS)
      // The table the soak printed, with each window's slowest disk probe, names what a failure waited for. It is
      // printed on a failed attempt too, which the retry below would otherwise leave unseen.
      const table = output.slice(output.indexOf('window end s'))
      if (report.windows.some((window) => windowVerdict(window) !== 'within'))
        console.warn(`the 60 s soak's windows:\n${table}`)
      for (const window of report.windows) {
        const limit = windowLimitMs(window.diskMax)
        expect(window.p99, `p99 of the window ending at ${window.second} s\n${table}`).toBeLessThanOrEqual(
          limit,
        )
        expect(window.saveP99, `saves in the window ending at ${window.second} s`).not.toBeNull()
        expect(
          window.saveP99,
          `saves' p99 of the window ending at ${window.second} s\n${table}`,
        ).toBeLessThanOrEqual(limit)
      }
    },
  )
})
