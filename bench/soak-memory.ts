import { readdir, readFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { option } from './support.ts'

/**
 * Where the memory of the product under a soak (soak.ts) is: resident, per process and thread, and what it
 * keeps (decision 018), from /proc, Redis' INFO and the `--loop-delay` samples of bench/loop-delay.mjs.
 */

interface TreeProcess {
  pid: number
  parent: number
  /** The kernel's name of the process (`node`, `redis-server`). */
  name: string
  args: string[]
  rssMiB: number
}

/** A process and all its descendants (the cluster's children, its Redis), with their resident memory. */
async function processTree(root: number): Promise<TreeProcess[]> {
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const parent = Number(stat.split(') ')[1]?.split(' ')[1])
    if (parent) parents.set(Number(entry), parent)
  }
  const inTree = (pid: number): boolean => pid === root || (parents.has(pid) && inTree(parents.get(pid)!))
  const tree: TreeProcess[] = []
  for (const pid of [root, ...[...parents.keys()].filter((pid) => pid !== root && inTree(pid))]) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    tree.push({
      pid,
      parent: parents.get(pid) ?? 0,
      name: /^Name:\t(.*)$/m.exec(status)?.[1] ?? '',
      args: cmdline.split('\0'),
      rssMiB: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    })
  }
  return tree
}

/** Resident memory of a process and all its descendants, in MiB. */
export const treeRssMiB = async (root: number) =>
  (await processTree(root)).reduce((sum, process) => sum + process.rssMiB, 0)

/** Redis' `used_memory` in MiB: what its data takes, without what its allocator keeps beyond it. */
function redisUsedMiB(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let answer = ''
    socket.setTimeout(10_000, () => socket.destroy(new Error(`Redis on port ${port} did not answer INFO`)))
    socket.once('error', reject)
    socket.once('connect', () => socket.write('INFO memory\r\n'))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
      const used = /used_memory:(\d+)\r\n/.exec(answer)
      if (!used) return
      socket.destroy()
      resolve(Number(used[1]) / 2 ** 20)
    })
  })
}

/** How long each loop-delay sample covers (bench/loop-delay.mjs, LOOP_DELAY_INTERVAL_MS). */
const LOOP_SAMPLE_MS = 10_000

/** One line of bench/loop-delay.mjs: a product process's loop and memory (MiB) over 10 s. */
interface LoopSample {
  at: number
  pid: number
  /** 0 for a process's main thread; a worker thread has a heap of its own. */
  thread: number
  name: string
  max: number
  p99: number
  rss: number
  heapTotal: number
  heapUsed: number
  external: number
  live: number | null
  /** The longest a quick call on libuv's pool took to come back (ms). */
  pool: number
}

/** The `--loop-delay` samples taken since `since` (none without the flag). */
async function loopSamples(since: number): Promise<LoopSample[]> {
  const file = option('--loop-delay')
  if (!file) return []
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopSample)
    .filter((sample) => sample.at >= since)
}

/**
 * What the product keeps (decision 018), in MiB: the heap of each Node process (of each of its threads) as its
 * latest major collection left it (its used heap if it has had none), Redis' `used_memory` (the cluster's
 * Redis; a child Redis forks to rewrite its file is a passing copy, and counts nothing), and the resident memory
 * of any other process in the tree, except tsx's esbuild: the images run bundles (decision 010), and tsx starts
 * it only for files missing from its cache, so it runs after a fresh clone and not after a restart. Unlike RSS,
 * it does not follow what V8 or an allocator chose to reserve.
 * `parts` names what each process counted, for the report.
 */
export async function keptMiB(root: number, since: number): Promise<{ total: number; parts: string[] }> {
  const latest = new Map(
    (await loopSamples(since)).map((sample) => [`${sample.pid} ${sample.thread}`, sample]),
  )
  const tree = await processTree(root)
  const redisPids = new Set(tree.filter((process) => process.name === 'redis-server').map(({ pid }) => pid))
  const parts: Array<{ label: string; mib: number }> = []
  for (const { pid, parent, name, args, rssMiB } of tree) {
    const threads = [...latest.values()].filter((sample) => sample.pid === pid)
    const label = `${threads[0]?.name ?? name} ${pid}`
    if (threads.length > 0)
      parts.push({
        label: `${label} heap kept`,
        mib: threads.reduce((sum, { live, heapUsed }) => sum + (live ?? heapUsed), 0),
      })
    else if (redisPids.has(parent)) parts.push({ label: `${label} (a fork of Redis)`, mib: 0 })
    else if (name === 'esbuild') parts.push({ label: `${label} (tsx's compiler)`, mib: 0 })
    else if (name === 'redis-server') {
      // Redis names itself `<its binary's path> <host>:<port>`.
      const port = /redis-server \S*:(\d+)/.exec(args.join(' '))?.[1]
      if (!port) throw new Error(`no port in the command line of Redis ${pid}: ${args.join(' ')}`)
      // A Redis too busy to answer (a loaded machine) leaves its share unknown rather than losing the run's report.
      const used = await redisUsedMiB(Number(port)).catch(() => NaN)
      parts.push({ label: `${label} used_memory`, mib: used })
    } else parts.push({ label: `${label} resident`, mib: rssMiB })
  }
  return {
    total: parts.reduce((sum, part) => sum + part.mib, 0),
    parts: parts.map((part) => `${part.label} ${part.mib.toFixed(0)}`),
  }
}

/** The loop-delay samples taken since `since` (the hold, or a restart), by process, as `second max/p99` columns. */
export async function printLoopDelay(since: number, during = 'the hold') {
  if (!option('--loop-delay')) return
  const samples = await loopSamples(since)
  const processes = [...new Set(samples.map((sample) => `${sample.name} ${sample.pid}`))]
  console.log(`event-loop delay during ${during} (ms, max / p99 over each 10 s), by process:`)
  for (const name of processes) {
    const own = samples.filter((sample) => `${sample.name} ${sample.pid}` === name)
    const columns = own.map(
      (sample) => `${Math.round((sample.at - since) / 1000)} s ${sample.max}/${sample.p99}`,
    )
    console.log(`  ${name}: ${columns.join(', ')}`)
  }
  console.log(
    `memory during ${during} (MiB every 60 s: resident, V8 heap reserved/used, outside the heap, live after the latest major collection), by process:`,
  )
  for (const name of processes) {
    const own = samples.filter((sample) => `${sample.name} ${sample.pid}` === name)
    const columns = own
      .filter((_, index) => index % 6 === 0 || index === own.length - 1)
      .map(
        (sample) =>
          `${Math.round((sample.at - since) / 1000)} s ${sample.rss} ${sample.heapTotal}/${sample.heapUsed} ${sample.external} ${sample.live ?? '-'}`,
      )
    console.log(`  ${name}: ${columns.join(', ')}`)
  }
}

/** The mean of RSS samples: one sample can sit 10% above or below the next, 30 s later (bench/README.md). */
export const meanRss = (samples: Array<{ rssMiB: number }>) =>
  samples.reduce((sum, sample) => sum + sample.rssMiB, 0) / samples.length

/**
 * The product's longest event-loop delay, and longest wait on libuv's pool, in each window of a hold that
 * started at `since` (epoch ms), from the `--loop-delay` samples of its processes (not this one's): each 10 s
 * sample counts in the window its middle falls in. Empty without the flag.
 */
export async function loopDelayByWindow(
  since: number,
  windowSeconds: number,
): Promise<Array<{ loop: number; pool: number }>> {
  const delays: Array<{ loop: number; pool: number }> = []
  for (const sample of await loopSamples(since)) {
    if (sample.pid === process.pid) continue
    const index = Math.floor((sample.at - LOOP_SAMPLE_MS / 2 - since) / (windowSeconds * 1000))
    if (index < 0) continue
    const before = delays[index] ?? { loop: 0, pool: 0 }
    delays[index] = { loop: Math.max(before.loop, sample.max), pool: Math.max(before.pool, sample.pool) }
  }
  return delays
}
