import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { HELPER_THREAD_NICE } from '../src/thread-priority.ts'
import { threadNiceValues } from '../src/testing/proc-stat.ts'

const MODULE = fileURLToPath(new URL('../src/thread-priority.ts', import.meta.url))

/**
 * A process that imports the module and runs `source`, then reports the threads that ran its file system
 * calls (libuv's pool); its threads' nice values are read from outside while it waits.
 */
async function threadsAfter(source: string, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lowerHelperThreads } = await import(${JSON.stringify(MODULE)});
      const { readlink } = await import('node:fs/promises');
      ${source}
      const pool = new Set();
      for (let round = 0; round < 20; round++)
        for (const link of await Promise.all(Array.from({ length: 64 }, () => readlink('/proc/thread-self'))))
          pool.add(Number(link.split('/').at(-1)));
      process.stdout.write(JSON.stringify({ pool: [...pool] }) + '\\n');
      setTimeout(() => {}, 60_000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  )
  try {
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk.toString()))
    while (!output.includes('\n')) await once(child.stdout, 'data')
    const { pool } = JSON.parse(output) as { pool: number[] }
    const nice = threadNiceValues(child.pid!)
    return {
      loop: nice.get(child.pid!),
      pool: pool.map((thread) => nice.get(thread)),
      others: [...nice]
        .filter(([thread]) => thread !== child.pid && !pool.includes(thread))
        .map(([, value]) => value),
    }
  } finally {
    child.kill()
  }
}

describe("V8's helper threads below the event loop (decision 078)", () => {
  it("lowers every thread but the event loop's and libuv's pool", async () => {
    const { loop, pool, others } = await threadsAfter('await lowerHelperThreads()')
    expect(loop).toBe(0)
    expect(pool).toEqual([0, 0, 0, 0])
    // V8's helpers (4 in Node) and its delayed-task thread, beside a few more of Node's own.
    expect(others.length).toBeGreaterThanOrEqual(5)
    expect(others).toEqual(others.map(() => HELPER_THREAD_NICE))
  }, 60_000)

  it('finds every thread of a larger pool, as UV_THREADPOOL_SIZE set it', async () => {
    const { pool, others } = await threadsAfter('await lowerHelperThreads()', { UV_THREADPOOL_SIZE: '7' })
    expect(pool).toEqual([0, 0, 0, 0, 0, 0, 0])
    expect(others).toEqual(others.map(() => HELPER_THREAD_NICE))
  }, 60_000)

  it('leaves every thread at the priority of the event loop where it is not called', async () => {
    const { loop, pool, others } = await threadsAfter('')
    expect([loop, ...pool, ...others].filter((nice) => nice !== 0)).toEqual([])
    expect(others.length).toBeGreaterThanOrEqual(5)
  }, 60_000)
})
