// Loaded with `--import` into a process under a soak (and into its worker threads, each with its own heap) (bench/soak.ts --loop-delay <file>): every
// LOOP_DELAY_INTERVAL_MS (10 s) it appends one JSON line to LOOP_DELAY_FILE with how long the event loop was
// held (max, p99, mean in ms), so a latency spike can be told apart from a stalled loop, and where its memory is
// (MiB: resident, V8 heap reserved and used, and outside the heap), so growth can be placed. `live` is the
// heap outside the young generation just after the latest major collection: what the process keeps, whatever
// V8 reserves beyond it (decision 016). `pool` is the longest a quick file-system call (a stat, probed every
// POOL_PROBE_MS) took to come back: it waits for a free thread of libuv's pool, which syncs and hashes share,
// and for the loop; a `pool` far above `max` is a pool held by slow calls, not a held loop.
import { appendFileSync, stat } from 'node:fs'
import { basename } from 'node:path'
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks'
import { setInterval } from 'node:timers'
import { getHeapSpaceStatistics } from 'node:v8'
import { threadId } from 'node:worker_threads'

const file = process.env.LOOP_DELAY_FILE
const POOL_PROBE_MS = 20

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  histogram.enable()
  const name = basename(process.argv[1] ?? 'node')
  const interval = Number(process.env.LOOP_DELAY_INTERVAL_MS ?? 10_000)
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100
  const mib = (bytes) => Math.round(bytes / 2 ** 20)
  let live = null
  let poolMax = 0
  let probing = false
  setInterval(() => {
    if (probing) return
    probing = true
    const sent = performance.now()
    stat(import.meta.filename, () => {
      poolMax = Math.max(poolMax, performance.now() - sent)
      probing = false
    })
  }, POOL_PROBE_MS).unref()
  // Reported just after a major collection ends: the old spaces then hold what it kept, and little more.
  new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return
    const old = getHeapSpaceStatistics().filter((space) => !space.space_name.startsWith('new_'))
    live = mib(old.reduce((sum, space) => sum + space.space_used_size, 0))
  }).observe({ entryTypes: ['gc'] })
  setInterval(() => {
    const memory = process.memoryUsage()
    appendFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        pid: process.pid,
        thread: threadId,
        name,
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        mean: ms(histogram.mean),
        rss: mib(memory.rss),
        heapTotal: mib(memory.heapTotal),
        heapUsed: mib(memory.heapUsed),
        external: mib(memory.external),
        live,
        pool: Math.round(poolMax),
      }) + '\n',
    )
    histogram.reset()
    poolMax = 0
  }, interval).unref()
}
