import { expect } from 'vitest'
import { startingEnvironmentVariable, threadNiceValues } from '@app/kit/testing/proc-stat'
import { HELPER_THREAD_NICE } from '@app/kit/thread-priority'

/**
 * Decision 078: once a product process listens, its event loop's thread and libuv's pool (UV_THREADPOOL_SIZE
 * threads, as the process started, 4 without) run at 0, and every other thread (V8's helpers, 5 at least) at
 * HELPER_THREAD_NICE. Waits a moment for it, since the process lowers them just after it starts to listen.
 */
export async function expectHelperThreadsBelowTheLoop(pid: number): Promise<void> {
  const poolSize = Number(startingEnvironmentVariable(pid, 'UV_THREADPOOL_SIZE') ?? 4)
  const counts = () => {
    const nice = threadNiceValues(pid)
    const values = [...nice.values()]
    return {
      loop: nice.get(pid),
      atZero: values.filter((value) => value === 0).length,
      lowered: values.filter((value) => value === HELPER_THREAD_NICE).length,
      other: values.length - values.filter((value) => value === 0 || value === HELPER_THREAD_NICE).length,
    }
  }
  await expect.poll(() => counts().lowered, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(5)
  expect(counts()).toMatchObject({ loop: 0, atZero: 1 + poolSize, other: 0 })
}
