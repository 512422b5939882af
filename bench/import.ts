import { readFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { hash } from '@node-rs/argon2'
import { benchFirstName, cpuMs, median, option, spawnRole, stopRole } from './support.ts'
import { signIn, startBenchProduct } from './product.ts'
import { PASSWORD_HASH_OPTIONS } from '../services/auth/src/passwords.ts'

/**
 * A 10,000-row DISC import through the whole product (issue 11, "Speed"), against the hashing floor of the
 * same run: 10,000 argon2id hashes with auth's parameters, all queued at once on a fresh process's libuv
 * pool, so they spread over every core. Each part runs in its own child process with the same environment
 * (UV_THREADPOOL_SIZE, when set, reaches both). Budgets (issue 31): import ≤ 1.10 × floor, first progress
 * ≤ 1 s. Flags: --rows <n> (10,000), --rounds <n> (1: floor then import, that many times over, each ratio
 * within its round, judged by the median, since the machine is shared), --users-list <n> (5 timed calls of
 * GET /api/admin/users after the last import), --profile <dir> (a CPU profile of the product process, for
 * `node --cpu-prof`'s reading), --check (exit 1 when a budget is missed).
 */

const FILE = fileURLToPath(import.meta.url)
const ROWS = Number(option('--rows') ?? 10_000)
const LIST_CALLS = Number(option('--users-list') ?? 5)
const ROUNDS = Number(option('--rounds') ?? 1)
const PROFILE_DIRECTORY = option('--profile')
const RATIO_BUDGET = 1.1
const FIRST_PROGRESS_BUDGET_MS = 1000

/** Peak resident memory of a process so far (VmHWM), in MiB. */
async function peakRssMiB(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) / 1024
}

/** Child role `floor`: every hash at once, as auth's batch route queues a batch's. */
async function hashingFloor(): Promise<void> {
  const passwords = Array.from({ length: ROWS }, (_, index) => `#Person${index}Benchley9`)
  await Promise.all(passwords.slice(0, 50).map((password) => hash(password, PASSWORD_HASH_OPTIONS)))
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  await Promise.all(passwords.map((password) => hash(password, PASSWORD_HASH_OPTIONS)))
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const cpuTotalMs = (cpu.user + cpu.system) / 1000
  process.stdout.write(
    `RESULT ${JSON.stringify({ ms, cpuMs: cpuTotalMs, peakRssMiB: await peakRssMiB(process.pid) })}\n`,
  )
}

/** Child role `product`: the all-in-one product, until stdin closes. */
async function product(): Promise<void> {
  const started = await startBenchProduct({ NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' })
  const cookie = await signIn(started)
  process.stdout.write(`READY ${JSON.stringify({ url: started.url, origin: started.origin, cookie })}\n`)
  createInterface({ input: process.stdin }).on('close', async () => {
    await started.close()
    process.exit(0)
  })
}

/** The spec's DISC file: distinct names and addresses, scores spread over 0 to 100. */
function discCsv(rows: number): string {
  const lines = ['firstName,lastName,email,dScore,iScore,sScore,cScore']
  for (let index = 0; index < rows; index += 1) {
    const first = benchFirstName(index)
    const last = `Bench${index.toString(36)}`
    const scores = [index % 101, (index * 7) % 101, (index * 13) % 101, (index * 29) % 101]
    lines.push(
      `${first},${last},${first.toLowerCase()}.${last.toLowerCase()}@import.test,${scores.join(',')}`,
    )
  }
  return `${lines.join('\n')}\n`
}

interface ImportRun {
  totalMs: number
  firstProgressMs: number
  firstRowsMs: number
  progressEvents: number
  result: { totalRecords: number; successfulRecords: number; failedRecords: number }
}

/** `POST /api/simple-import` with Accept: text/event-stream, timing the events as they arrive. */
async function importThroughProduct(target: {
  url: string
  origin: string
  cookie: string
}): Promise<ImportRun> {
  const body = JSON.stringify({ csvText: discCsv(ROWS) })
  const started = performance.now()
  const response = await fetch(new URL('/api/simple-import', target.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      origin: target.origin,
      cookie: target.cookie,
    },
    body,
  })
  if (response.status !== 200 || !response.body)
    throw new Error(`import answered ${response.status}: ${await response.text()}`)
  let firstProgressMs = -1
  let firstRowsMs = -1
  let progressEvents = 0
  let buffered = ''
  const decoder = new TextDecoder()
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true })
    let end: number
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const frame = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('')
      if (!data) continue
      const event = JSON.parse(data) as
        | { type: 'progress'; progress: { processedRecords: number } }
        | { type: 'result'; result: ImportRun['result'] }
        | { type: 'error'; message: string }
      const at = performance.now() - started
      if (event.type === 'progress') {
        progressEvents += 1
        if (firstProgressMs < 0) firstProgressMs = at
        if (firstRowsMs < 0 && event.progress.processedRecords > 0) firstRowsMs = at
      } else if (event.type === 'result') {
        return { totalMs: at, firstProgressMs, firstRowsMs, progressEvents, result: event.result }
      } else {
        throw new Error(`the import failed: ${event.message}`)
      }
    }
  }
  throw new Error('the event stream ended without a result')
}

/** `GET /api/admin/users` through the gateway, as the User Management page loads it. */
async function timeUserList(target: { url: string; cookie: string }) {
  const times: number[] = []
  let count = 0
  let bytes = 0
  for (let call = 0; call < LIST_CALLS; call += 1) {
    const started = performance.now()
    const response = await fetch(new URL('/api/admin/users', target.url), {
      headers: { cookie: target.cookie },
    })
    const text = await response.text()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`users list answered ${response.status}`)
    count = (JSON.parse(text) as unknown[]).length
    bytes = Buffer.byteLength(text)
  }
  return { times, count, bytes }
}

/** One round: the floor in a fresh process, then an import through a fresh product. */
async function round(listUsers: boolean) {
  const floorRole = spawnRole(FILE, 'floor', { args: ['--rows', String(ROWS)] })
  const floor = JSON.parse(await floorRole.line) as { ms: number; cpuMs: number; peakRssMiB: number }
  await new Promise((done) => floorRole.child.once('exit', done))

  const profiling = PROFILE_DIRECTORY
    ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIRECTORY}`] }
    : {}
  const productRole = spawnRole(FILE, 'product', { args: ['--rows', String(ROWS)], ...profiling })
  const target = JSON.parse(await productRole.line) as { url: string; origin: string; cookie: string }
  try {
    const before = await peakRssMiB(productRole.child.pid)
    const cpuBefore = await cpuMs(productRole.child.pid)
    const run = await importThroughProduct(target)
    const cpu = (await cpuMs(productRole.child.pid))! - cpuBefore!
    const peak = await peakRssMiB(productRole.child.pid)
    const list = listUsers ? await timeUserList(target) : null
    return { floor, run, before, peak, list, ratio: run.totalMs / floor.ms, cpu, cpuRatio: cpu / floor.cpuMs }
  } finally {
    await stopRole(productRole.child)
  }
}

async function main(): Promise<void> {
  const load = loadavg()
  const rounds: Array<Awaited<ReturnType<typeof round>>> = []
  for (let index = 0; index < ROUNDS; index += 1) rounds.push(await round(index === ROUNDS - 1))
  const pool = process.env.UV_THREADPOOL_SIZE ?? 'unset (libuv default 4)'
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const lines = [
    `Import of ${ROWS.toLocaleString('en')} DISC rows; argon2id m=${PASSWORD_HASH_OPTIONS.memoryCost} t=${PASSWORD_HASH_OPTIONS.timeCost} p=${PASSWORD_HASH_OPTIONS.parallelism}`,
    `Node ${process.version}, ${cpus().length} CPUs (availableParallelism ${availableParallelism()}), UV_THREADPOOL_SIZE ${pool}, load at the start ${load.map((value) => value.toFixed(2)).join(' ')}`,
  ]
  for (const [index, { floor, run, before, peak, ratio, cpu, cpuRatio }] of rounds.entries()) {
    lines.push(
      `round ${index + 1}: hashing floor (${ROWS.toLocaleString('en')} hashes, every core) ${seconds(floor.ms)}, peak RSS ${floor.peakRssMiB.toFixed(0)} MiB`,
      `  import through the product: ${seconds(run.totalMs)} (${run.result.successfulRecords} imported, ${run.result.failedRecords} failed, ${run.progressEvents} progress events)`,
      `  CPU time (every thread): floor ${seconds(floor.cpuMs)}, the product during the import ${seconds(cpu)}, ratio ${cpuRatio.toFixed(3)}`,
      `  ratio import / floor: ${ratio.toFixed(3)}; first progress event ${run.firstProgressMs.toFixed(0)} ms, first with rows done ${run.firstRowsMs.toFixed(0)} ms`,
      `  product process peak RSS (VmHWM, all-in-one): ${before.toFixed(0)} MiB before the import, ${peak.toFixed(0)} MiB after`,
    )
  }
  const ratio = median(rounds.map((entry) => entry.ratio))
  const cpuRatio = median(rounds.map((entry) => entry.cpuRatio))
  const firstProgressMs = median(rounds.map((entry) => entry.run.firstProgressMs))
  lines.push(
    `median CPU ratio (the product's CPU time during the import / the floor's): ${cpuRatio.toFixed(3)}`,
    `median ratio import / floor: ${ratio.toFixed(3)} (budget ≤ ${RATIO_BUDGET}); median first progress ${firstProgressMs.toFixed(0)} ms (budget ≤ ${FIRST_PROGRESS_BUDGET_MS} ms)`,
  )
  const { list } = rounds.at(-1)!
  if (list)
    lines.push(
      `GET /api/admin/users through the gateway, ${list.count.toLocaleString('en')} users, ${(list.bytes / 1_048_576).toFixed(2)} MiB: median ${median(list.times).toFixed(0)} ms, max ${Math.max(...list.times).toFixed(0)} ms (${list.times.map((time) => time.toFixed(0)).join(', ')})`,
    )
  process.stdout.write(`${lines.join('\n')}\n`)
  for (const { run } of rounds)
    if (run.result.successfulRecords !== ROWS)
      throw new Error(`only ${run.result.successfulRecords} of ${ROWS} imported`)
  const missed = ratio > RATIO_BUDGET || firstProgressMs > FIRST_PROGRESS_BUDGET_MS
  if (missed) process.stdout.write('BUDGET MISSED\n')
  if (missed && process.argv.includes('--check')) process.exit(1)
}

const role = option('--role')
if (role === 'floor') await hashingFloor()
else if (role === 'product') await product()
else await main()
