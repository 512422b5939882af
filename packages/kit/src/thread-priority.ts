import { readdirSync } from 'node:fs'
import { readlink } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { isMainThread } from 'node:worker_threads'

/**
 * The nice value of V8's helper threads in a product process, where the event loop's thread and libuv's pool
 * keep 0 (docs/decisions/078-v8-helpers-below-the-event-loop.md).
 */
export const HELPER_THREAD_NICE = 10

/** How many threads libuv's pool has: UV_THREADPOOL_SIZE as the process started with it, 4 without. */
function poolSize(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE)
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4
}

/**
 * The ids of libuv's pool's threads. A file system call runs on one of them, and /proc/thread-self names the
 * thread that reads it, so a batch of such reads finds the threads that ran them. The first call also makes
 * the pool (libuv makes all its threads at its first use), though loading the modules has already made it.
 */
async function poolThreads(): Promise<Set<number>> {
  const size = poolSize()
  const found = new Set<number>()
  for (let round = 0; round < 50 && found.size < size; round++) {
    const links = await Promise.all(Array.from({ length: size * 8 }, () => readlink('/proc/thread-self')))
    for (const link of links) found.add(Number(link.slice(link.lastIndexOf('/') + 1)))
  }
  return found
}

/**
 * Lets the event loop's thread and libuv's pool run first whenever the cores are short: every other thread of
 * this process, that is V8's helpers (which mark the heap during a major collection, beside the program) and a
 * few of Node's own that mostly sleep, gets a lower priority. Called once the process listens; the threads are
 * all made by then. Raising one's own nice value needs no privilege. Returns how many threads it lowered: none
 * where there is no /proc (not Linux), or off the main thread.
 */
export async function lowerHelperThreads(nice = HELPER_THREAD_NICE): Promise<number> {
  if (!isMainThread) return 0
  let pool: Set<number>
  let threads: number[]
  try {
    pool = await poolThreads()
    threads = readdirSync('/proc/self/task').map(Number)
  } catch {
    return 0
  }
  let lowered = 0
  // The main thread's id is the process's.
  for (const thread of threads.filter((id) => id !== process.pid && !pool.has(id))) {
    try {
      setPriority(thread, nice)
      lowered += 1
    } catch {
      // The thread ended since the listing.
    }
  }
  return lowered
}
