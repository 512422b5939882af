// Loaded with `--import` into a process under a soak (bench/soak.ts --loop-delay <file>): every
// LOOP_DELAY_INTERVAL_MS (10 s) it appends one JSON line to LOOP_DELAY_FILE with how long the event loop was
// held (max, p99, mean in ms), so a latency spike can be told apart from a stalled loop, and where its memory is
// (MiB: resident, V8 heap reserved and used, and outside the heap), so growth can be placed.
import { appendFileSync } from 'node:fs'
import { basename } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setInterval } from 'node:timers'

const file = process.env.LOOP_DELAY_FILE
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  histogram.enable()
  const name = basename(process.argv[1] ?? 'node')
  const interval = Number(process.env.LOOP_DELAY_INTERVAL_MS ?? 10_000)
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100
  const mib = (bytes) => Math.round(bytes / 2 ** 20)
  setInterval(() => {
    const memory = process.memoryUsage()
    appendFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        pid: process.pid,
        name,
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        mean: ms(histogram.mean),
        rss: mib(memory.rss),
        heapTotal: mib(memory.heapTotal),
        heapUsed: mib(memory.heapUsed),
        external: mib(memory.external),
      }) + '\n',
    )
    histogram.reset()
  }, interval).unref()
}
