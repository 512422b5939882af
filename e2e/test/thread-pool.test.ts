import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEMI_SPACE_MIB, withThreadPoolSize, withYoungGeneration } from '../../scripts/thread-pool.mjs'

/**
 * Run in a child process: how many libuv pool threads it has. It holds `n` threads with opens of FIFOs
 * that have no writer yet (each blocks a pool thread), and sees whether one more pool task still runs.
 */
const PROBE = `
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, open, openSync, rmSync, stat } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
const largerThan = (n) => new Promise((resolve) => {
  const folder = mkdtempSync(join(tmpdir(), 'pool-probe-'))
  const fifos = Array.from({ length: n }, (_, index) => join(folder, 'fifo-' + index))
  for (const fifo of fifos) execFileSync('mkfifo', [fifo])
  const held = fifos.map((fifo) => new Promise((done) => open(fifo, 'r', (_, fd) => done(fd))))
  let answered = false
  const answer = (result) => {
    if (answered) return
    answered = true
    // Opening for reading and writing never blocks, and lets every held open finish.
    const writers = fifos.map((fifo) => openSync(fifo, 'r+'))
    Promise.all(held).then((fds) => {
      for (const fd of [...fds, ...writers]) closeSync(fd)
      rmSync(folder, { recursive: true })
      resolve(result)
    })
  }
  const timer = setTimeout(() => answer(false), 500)
  stat(folder, () => { clearTimeout(timer); answer(true) })
})
let size = 1
while (await largerThan(size)) size += 1
process.stdout.write(String(size))
`

/** The pool size of a node process started with `env`, whose entry file begins with `early`. */
function poolSizeOf(env: Record<string, string | undefined>, early = ''): number {
  const folder = mkdtempSync(join(tmpdir(), 'pool-entry-'))
  try {
    const entry = join(folder, 'entry.mjs')
    writeFileSync(entry, early + PROBE)
    const result = spawnSync(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.stderr).toBe('')
    return Number(result.stdout)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

describe('the thread pool of the processes the launchers start', () => {
  const defaultSize = Math.max(4, availableParallelism())

  it('is one thread per core, at least 4, unless the operator set UV_THREADPOOL_SIZE', () => {
    expect(withThreadPoolSize({ NODE_ENV: 'production' })).toEqual({
      NODE_ENV: 'production',
      UV_THREADPOOL_SIZE: String(defaultSize),
    })
    expect(withThreadPoolSize({ UV_THREADPOOL_SIZE: '3' }).UV_THREADPOOL_SIZE).toBe('3')
    expect(withThreadPoolSize({ UV_THREADPOOL_SIZE: '  ' }).UV_THREADPOOL_SIZE).toBe(String(defaultSize))
  })

  it('reaches libuv when passed at spawn, and not when a process sets it for itself', () => {
    expect(poolSizeOf(withThreadPoolSize({}))).toBe(defaultSize)
    expect(poolSizeOf(withThreadPoolSize({ UV_THREADPOOL_SIZE: '6' }))).toBe(6)
    // Why the launchers set it: loading an entry file used the pool, so libuv sized it before the file's
    // first statement ran.
    expect(poolSizeOf({}, "process.env.UV_THREADPOOL_SIZE = '6';")).toBe(4)
  }, 60_000)
})

describe("a product process's young generation", () => {
  /** The new space V8 grew to in a process started with `env` that keeps allocating (two semi-spaces at most). */
  const newSpaceMiB = (env: Record<string, string | undefined>) =>
    Number(
      spawnSync(
        process.execPath,
        [
          '-e',
          "const kept = []; for (let i = 0; i < 3e6; i += 1) kept.push({ i }); process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20))",
        ],
        { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
      ).stdout,
    )

  it('is set through NODE_OPTIONS, after what the operator gave, and an operator’s own size stays', () => {
    expect(withYoungGeneration({}).NODE_OPTIONS).toBe(`--max-semi-space-size=${SEMI_SPACE_MIB}`)
    expect(withYoungGeneration({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      `--enable-source-maps --max-semi-space-size=${SEMI_SPACE_MIB}`,
    )
    expect(withYoungGeneration({ NODE_OPTIONS: '--max-semi-space-size=8' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=8',
    )
  })

  it('reaches V8 when passed at spawn', () => {
    expect(newSpaceMiB(withYoungGeneration({}))).toBe(2 * SEMI_SPACE_MIB)
    expect(newSpaceMiB({})).toBeLessThan(2 * SEMI_SPACE_MIB)
  })
})
