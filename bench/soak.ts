import { writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { probeCpu } from './cpu-probe.ts'
import { probeDisk } from './disk-probe.ts'
import { DISK_STALL_SLACK_MS, WINDOW_P99_BUDGET_MS, windowVerdict } from './soak-budget.ts'
import { keptMiB, loopDelayByWindow, meanRss, printLoopDelay, treeRssMiB } from './soak-memory.ts'
import { printWindows, type Window } from './soak-windows.ts'
import { option } from './support.ts'
import { wholeProduct } from './soak-product.ts'
import { agent, profilesOnRedis, send, type Call, type System } from './soak-systems.ts'

/**
 * A soak (issue 8 item 4, issue 14 item 1): first the peak of a mixed load (closed loop), then half of it
 * held at a fixed rate (open loop, so a slow service meets a queue, as real users do), reported per window.
 * Budget (issue 31 item 6): the throughput holds, no errors, and no window's p99 passes 250 ms, neither over
 * every call nor over the saves alone: a stall of seconds in the middle of a run fails it, not only a slow end.
 * Where the disk itself stalled for longer, the window's limit is that stall plus 50 ms (soak-budget.ts).
 * What is driven, and its mix, are in soak-systems.ts.
 *
 * Flags: --mode (profiles, all-in-one or cluster), --seconds <hold> (180), --window <s> (10),
 * --peak-seconds <s> (15), --writes <share> (0.2), --users <n> (50, signed in at a time),
 * --profiles <n> (2000: 40 per user on average), --hold-share <0..> (0.5), --rate <req/s> (held instead of a
 * share of the peak), --json <file> (the windows and RSS samples), --check (exit 1 on a missed budget; with
 * --same-data, judged against the fresh process), --loop-delay <file> (each product process's event-loop delay
 * and memory per 10 s, bench/loop-delay.mjs, printed after the hold and after a --same-data restart),
 * --cpu-profile <dir>, --trace-gc <file>, --same-data (whole product only: after the hold, restart the product
 * on the data it now holds and run the same mix for a minute, so the end of the hold can be compared with a
 * fresh process holding as many profiles: decision 016; needs --loop-delay, which reports what each process
 * keeps after a major collection: decision 018).
 */

let turn = 0
function next(system: System, writes: number): { base: string; call: Call } {
  const write = Math.random() < writes
  turn += 1
  return {
    base: write ? system.writeUrl : system.readUrls[turn % system.readUrls.length]!,
    call: system.mix(write),
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN

/** Closed loop: `concurrency` callers, each sending as soon as its last answer came. */
async function measurePeak(system: System, seconds: number, writes: number, concurrency: number) {
  const until = performance.now() + seconds * 1000
  let done = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const { base, call } = next(system, writes)
        const { status } = await send(base, call)
        if (status >= 200 && status < 300) done += 1
        else failed += 1
      }
    }),
  )
  return { rate: done / seconds, failed }
}

/** The larger of two figures where the first may be NaN (nothing measured yet). */
const higher = (known: number, next: number) => (Number.isNaN(known) ? next : Math.max(known, next))

/** Open loop at a fixed rate; answers are counted in the window in which they were sent. */
async function hold(system: System, rate: number, seconds: number, windowSeconds: number, writes: number) {
  const windows: Array<{
    latencies: number[]
    saves: number[]
    errors: Record<string, number>
    diskMax: number
    cpuMax: number
    stealMax: number
  }> = []
  /** Every answered call's latency by its label (save, accessible, search, me), over the whole hold. */
  const byLabel = new Map<string, number[]>()
  const inFlight = new Set<Promise<void>>()
  const started = performance.now()
  const windowAt = (now: number) => {
    const elapsed = (now - started) / 1000
    const index = Math.min(
      Math.max(0, Math.floor(elapsed / windowSeconds)),
      Math.ceil(seconds / windowSeconds) - 1,
    )
    return (windows[index] ??= {
      latencies: [],
      saves: [],
      errors: {},
      diskMax: 0,
      cpuMax: NaN,
      stealMax: NaN,
    })
  }
  const windowNow = () => windowAt(performance.now())
  // A stall that began in one window and ended in the next held the saves sent in both.
  const stopProbe = await probeDisk((ms) => {
    for (const window of new Set([windowAt(performance.now() - ms), windowNow()]))
      window.diskMax = Math.max(window.diskMax, ms)
  })
  const stopCpuProbe = await probeCpu((busy, steal) => {
    const window = windowNow()
    window.cpuMax = higher(window.cpuMax, busy)
    window.stealMax = higher(window.stealMax, steal)
  })
  let sent = 0
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate)
    for (; sent < due; sent += 1) {
      const window = windowNow()
      const { base, call } = next(system, writes)
      const pending = send(base, call).then(({ status, ms, failure }) => {
        if (status >= 200 && status < 300) {
          window.latencies.push(ms)
          if (call.label === 'save') window.saves.push(ms)
          let list = byLabel.get(call.label)
          if (!list) byLabel.set(call.label, (list = []))
          list.push(ms)
        } else {
          // A transport failure is named by its code (ECONNRESET, timeout...), an answer by its status.
          const key = `${call.label} ${failure ?? status}`
          window.errors[key] = (window.errors[key] ?? 0) + 1
        }
      })
      inFlight.add(pending)
      void pending.finally(() => inFlight.delete(pending))
    }
    await new Promise((done) => setTimeout(done, 2))
  }
  await stopProbe()
  stopCpuProbe()
  await Promise.all(inFlight)
  // Which calls make the tail: a save waits for its fsync (decision 011), a read does not.
  for (const [label, list] of byLabel) {
    list.sort((a, b) => a - b)
    console.log(
      `${label}: ${list.length} answers, p50 ${quantile(list, 0.5).toFixed(2)} ms, ` +
        `p99 ${quantile(list, 0.99).toFixed(2)} ms, max ${list.at(-1)!.toFixed(2)} ms`,
    )
  }
  const delays = await loopDelayByWindow(Date.now() - (performance.now() - started), windowSeconds)
  return windows.map((window, index): Window => {
    const sorted = [...window.latencies].sort((a, b) => a - b)
    return {
      second: (index + 1) * windowSeconds,
      latencies: sorted,
      completed: window.latencies.length / windowSeconds,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      saveP99: quantile(
        window.saves.sort((a, b) => a - b),
        0.99,
      ),
      loopMax: delays[index]?.loop ?? NaN,
      poolMax: delays[index]?.pool ?? NaN,
      errors: window.errors,
      diskMax: window.diskMax,
      cpuMax: window.cpuMax,
      stealMax: window.stealMax,
    }
  })
}

/**
 * `hold`, with the product's resident memory sampled at its start, every 30 s and at its end, and what it keeps
 * at its end (`keptMiB`, from the `--loop-delay` samples taken since `since`).
 */
async function sampledHold(
  system: System,
  rate: number,
  seconds: number,
  windowSeconds: number,
  writes: number,
  since: number,
) {
  const started = performance.now()
  const rss: Array<{ second: number; rssMiB: number }> = []
  const sampleRss = async () => {
    if (system.pid === undefined) return
    rss.push({
      second: Math.round((performance.now() - started) / 1000),
      rssMiB: await treeRssMiB(system.pid),
    })
  }
  await sampleRss()
  const sampler = setInterval(() => void sampleRss(), 30_000)
  const windows = await hold(system, rate, seconds, windowSeconds, writes).finally(() =>
    clearInterval(sampler),
  )
  await sampleRss()
  const kept = system.pid === undefined ? null : await keptMiB(system.pid, since)
  if (kept) console.log(`kept at the end (MiB, decision 018): ${kept.parts.join(', ')}`)
  return { windows, rss, kept: kept?.total ?? NaN }
}

/**
 * `--same-data` (decision 016): the product restarted on the data the hold left, 30 s of the same mix to warm it,
 * then one measured minute. Set beside the hold's last minute, it tells what the long run itself cost (a leak, a
 * queue, fragmentation) from what the profiles stored meanwhile cost, which a fresh process pays as well.
 */
async function sameDataRun(system: System, rate: number, writes: number) {
  if (!system.restart) throw new Error('--same-data needs the whole product (--mode all-in-one or cluster)')
  const restarting = performance.now()
  const restartedAt = Date.now()
  await system.restart()
  const restartSeconds = (performance.now() - restarting) / 1000
  await system.provision?.(rate * 90 * writes * 1.2)
  console.log(
    `restarted on the same data in ${restartSeconds.toFixed(1)} s; 30 s of warm-up, then 60 s measured`,
  )
  // Not judged, but shown a few seconds at a time: how long a restarted process takes to answer as it did.
  const warmUp = await hold(system, rate, 30, 5, writes)
  console.log(
    `warm-up p99 per 5 s (ms, the disk's slowest fdatasync in brackets): ` +
      warmUp.map((window) => `${window.p99.toFixed(0)} (${window.diskMax.toFixed(0)})`).join(', '),
  )
  const { windows, rss, kept } = await sampledHold(system, rate, 60, 60, writes, restartedAt)
  const latencies = windows.flatMap((window) => window.latencies).sort((a, b) => a - b)
  const errors = windows.reduce(
    (sum, window) => sum + Object.values(window.errors).reduce((a, b) => a + b, 0),
    0,
  )
  const diskMax = Math.max(0, ...windows.map((window) => window.diskMax))
  await printLoopDelay(restartedAt, 'the restart on the same data')
  return { restartSeconds, p99: quantile(latencies, 0.99), errors, rssMiB: meanRss(rss), kept, diskMax }
}

async function main() {
  const seconds = Number(option('--seconds') ?? 180)
  const windowSeconds = Number(option('--window') ?? 10)
  const peakSeconds = Number(option('--peak-seconds') ?? 15)
  const writes = Number(option('--writes') ?? 0.2)
  // The share of the peak that is held: half by default; above 1 it overloads on purpose (a collapse to see).
  const holdShare = Number(option('--hold-share') ?? 0.5)
  const mode = option('--mode') ?? 'profiles'
  if (!['profiles', 'all-in-one', 'cluster'].includes(mode)) throw new Error(`unknown --mode ${mode}`)
  const loopDelayFile = option('--loop-delay')
  if (process.argv.includes('--same-data') && !loopDelayFile)
    throw new Error('--same-data judges what each process keeps, which --loop-delay <file> reports')
  if (loopDelayFile) {
    // This process too: when the load generator's own loop stalls, the latencies it measures stretch with it.
    process.env.LOOP_DELAY_FILE = loopDelayFile
    await import('./loop-delay.mjs' as string)
  }
  const system =
    mode === 'profiles' ? await profilesOnRedis() : await wholeProduct(mode as 'all-in-one' | 'cluster')
  try {
    console.log(
      `Soak: ${system.describe}; Node ${process.version}, ${cpus().length} CPUs; ${writes * 100}% saves`,
    )
    const warm = await measurePeak(system, 3, writes, 16)
    // Fresh users for the peak, and then for the hold, made ready before each is measured.
    await system.provision?.(2 * warm.rate * peakSeconds * writes)
    const peak = await measurePeak(system, peakSeconds, writes, 16)
    // `--rate`: a given rate instead, so that runs on a machine whose peak varies between runs can be compared.
    const rate = Number(option('--rate') ?? Math.round(peak.rate * holdShare))
    console.log(
      `peak (closed loop, 16 callers, ${peakSeconds} s): ${peak.rate.toFixed(0)} req/s, ${peak.failed} failed`,
    )
    const provisioning = performance.now()
    await system.provision?.(rate * seconds * writes * 1.2)
    if (system.provision)
      console.log(
        `fresh users for the hold ready in ${((performance.now() - provisioning) / 1000).toFixed(0)} s`,
      )
    console.log(`holding ${rate} req/s for ${seconds} s, reported per ${windowSeconds} s window`)
    const holdStartedAt = Date.now()
    const { windows, rss, kept } = await sampledHold(
      system,
      rate,
      seconds,
      windowSeconds,
      writes,
      holdStartedAt,
    )
    await printLoopDelay(holdStartedAt)
    printWindows(windows)
    const minute = Math.max(windowSeconds, Math.min(60, seconds / 3))
    const firstMinute = windows.filter((window) => window.second <= minute)
    const lastMinute = windows.filter((window) => window.second > seconds - minute)
    const worst = (list: Window[]) =>
      quantile(
        list.flatMap((window) => window.latencies).sort((a, b) => a - b),
        0.99,
      )
    const throughputHolds = windows.every((window) => window.completed >= rate * 0.9)
    const errors = windows.reduce(
      (sum, window) => sum + Object.values(window.errors).reduce((a, b) => a + b, 0),
      0,
    )
    const p99First = worst(firstMinute)
    const p99Last = worst(lastMinute)
    const p99Holds = p99Last <= 2 * p99First
    // Decision 072: a window in which the disk itself stalled longer than the budget is judged against that
    // stall plus a small slack, and counted apart, so that what the product adds is still judged there.
    const overBudget = windows.filter((window) => windowVerdict(window) === 'over')
    const diskBound = windows.filter((window) => windowVerdict(window) === 'disk')
    const windowsHold = overBudget.length === 0
    const slowestDisk = (list: Window[]) => Math.max(0, ...list.map((window) => window.diskMax)).toFixed(0)
    console.log(
      `throughput ${throughputHolds ? 'holds' : 'DROPPED'} (every window ≥ 90% of ${rate} req/s); ` +
        `p99 over the first minute ${p99First.toFixed(2)} ms, last minute ${p99Last.toFixed(2)} ms ` +
        `(${p99Holds ? 'within' : 'over'} 2×, not judged); ${errors} errors; the disk's slowest fdatasync ` +
        `${slowestDisk(firstMinute)} ms in the first minute, ${slowestDisk(lastMinute)} ms in the last`,
    )
    const worstWindow = Math.max(...windows.map((window) => window.p99))
    const worstSaves = Math.max(0, ...windows.map((window) => window.saveP99).filter(Number.isFinite))
    console.log(
      `windows: the worst p99 ${worstWindow.toFixed(2)} ms, the worst saves' p99 ${worstSaves.toFixed(2)} ms; ` +
        (!windowsHold
          ? `OVER in the windows ending at ${overBudget.map((window) => window.second).join(', ')} s`
          : diskBound.length === 0
            ? `every window within ${WINDOW_P99_BUDGET_MS} ms`
            : 'every window within its limit') +
        (diskBound.length === 0
          ? ''
          : `; over ${WINDOW_P99_BUDGET_MS} ms but within the disk's own stall + ${DISK_STALL_SLACK_MS} ms in the ` +
            `windows ending at ${diskBound.map((window) => `${window.second} s (disk ${window.diskMax.toFixed(0)} ms)`).join(', ')}`),
    )
    const users = system.usersReport?.()
    if (users)
      console.log(
        `users: ${users.created} created; ${users.exhausted} saves after the fresh users ran out` +
          (users.exhausted > 0 ? ' (their lists grew on: raise the reserve)' : ''),
      )
    if (rss.length > 0)
      console.log(
        `RSS (MiB, process tree): ${rss.map((sample) => `${sample.second} s ${sample.rssMiB.toFixed(0)}`).join(', ')}`,
      )
    const sameData = process.argv.includes('--same-data') ? await sameDataRun(system, rate, writes) : null
    // Decisions 016 and 018: with --same-data, the end of the hold is judged against a fresh process on the
    // same data: its p99, and what it keeps. Resident memory is printed beside them, not judged.
    let sameDataHolds = true
    if (sameData) {
      // RSS over the last minute, as over the measured minute of the fresh process.
      const rssEnd = meanRss(rss.filter((sample) => sample.second >= seconds - 60))
      const p99Within = p99Last <= 2 * sameData.p99
      const keptWithin = Math.abs(kept / sameData.kept - 1) <= 0.15
      sameDataHolds = p99Within && keptWithin && sameData.errors === 0
      const change = (hold: number, fresh: number) =>
        `${hold >= fresh ? '+' : ''}${((hold / fresh - 1) * 100).toFixed(0)}%`
      console.log(
        `the same data in a fresh process (${sameData.restartSeconds.toFixed(1)} s to restart): ` +
          `p99 ${sameData.p99.toFixed(2)} ms (the hold's last minute: ${p99Last.toFixed(2)} ms, ` +
          `${p99Within ? 'within' : 'OVER'} 2×), ${sameData.errors} errors; ` +
          `kept ${sameData.kept.toFixed(0)} MiB (the hold's end: ${kept.toFixed(0)} MiB, ` +
          `${change(kept, sameData.kept)}, ${keptWithin ? 'within' : 'OVER'} ±15%); ` +
          `RSS ${sameData.rssMiB.toFixed(0)} MiB (the hold's last minute: ${rssEnd.toFixed(0)} MiB, ` +
          `${change(rssEnd, sameData.rssMiB)}, not judged); ` +
          `the disk's slowest fdatasync ${sameData.diskMax.toFixed(0)} ms`,
      )
    }
    const jsonFile = option('--json')
    if (jsonFile) {
      const report = {
        mode,
        seconds,
        windowSeconds,
        peak: peak.rate,
        rate,
        windows: windows.map(({ latencies: _latencies, ...window }) => window),
        windowP99BudgetMs: WINDOW_P99_BUDGET_MS,
        windowsHold,
        diskBoundWindows: diskBound.map((window) => window.second),
        p99First,
        p99Last,
        rss,
        kept,
        users,
        sameData,
      }
      await writeFile(jsonFile, JSON.stringify(report, null, 2))
    }
    // Every window is judged; with --same-data, the end of the hold against a fresh process as well.
    const budgetMet = throughputHolds && errors === 0 && windowsHold && sameDataHolds
    if (process.argv.includes('--check') && !budgetMet) process.exitCode = 1
  } finally {
    agent.destroy()
    await system.stop()
  }
}

await main()
