import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

/** What the benches share: options, CPU accounting, wrk runs and CPU profiles. */
export const ROOT = resolve(import.meta.dirname, '..')

export function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}

/**
 * Runs a bench file again as a child process in one `--role`, so what is measured does not share a CPU
 * with what measures it. `line` is what the child prints after READY or RESULT; it runs until `stopRole`.
 */
export function spawnRole(
  file: string,
  role: string,
  options: { args?: readonly string[]; env?: Record<string, string>; execArgv?: readonly string[] } = {},
) {
  const argv = [...(options.execArgv ?? []), '--import', 'tsx', file, '--role', role, ...(options.args ?? [])]
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const line = new Promise<string>((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} exited (${code}) before answering`)))
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const [tag, ...rest] = text.split(' ')
      if (tag === 'READY' || tag === 'RESULT') resolveLine(rest.join(' '))
    })
  })
  return { child, line }
}

/** Ends a role started by `spawnRole`: closing its stdin is its signal to close and exit. */
export async function stopRole(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.stdin!.end()
  await exited
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** CPU time (user + system) a process has used so far, from /proc; null where there is no /proc. */
export async function cpuMs(pid: number | undefined): Promise<number | null> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
    // USER_HZ is 100 on every Linux build Node supports.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

export interface WrkResult {
  /** CPU the answering process spent per request, in microseconds, where measured. */
  cpuMicroseconds?: number | null
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  failures: number
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function latencyMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '')
  if (!match) throw new Error(`unreadable wrk latency: ${text}`)
  return Number(match[1]) * UNIT_MS[match[2]!]!
}

export function parseWrk(output: string): WrkResult {
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1])
  const requests = Number(/(\d+) requests in/.exec(output)?.[1])
  if (!Number.isFinite(requestsPerSecond) || !Number.isFinite(requests))
    throw new Error(`unreadable wrk output:\n${output}`)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const failures =
    non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0)
  return {
    requestsPerSecond,
    requests,
    failures,
    p50Ms: latencyMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99Ms: latencyMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
  }
}

/** Runs Debian's wrk with --latency and the given arguments before the URL. */
export async function runWrk(
  args: string[],
  headers: Record<string, string>,
  url: string,
): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const child = spawn('wrk', [...args, '--latency', ...headerArgs, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((done) => child.once('exit', done))
  if (code !== 0) throw new Error(`wrk exited ${code}:\n${output}`)
  return parseWrk(output)
}

/** Self time per function in the V8 .cpuprofile a process wrote on exit, as shares of its busy time. */
export async function topOfProfile(directory: string, count: number): Promise<string[]> {
  const [file] = (await readdir(directory)).filter((name) => name.endsWith('.cpuprofile'))
  if (!file) return ['no profile was written']
  const profile = JSON.parse(await readFile(join(directory, file), 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>
    samples: number[]
  }
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const totals = new Map<string, number>()
  let busy = 0
  for (const id of profile.samples) {
    const frame = frames.get(id)
    if (!frame || frame.functionName === '(idle)') continue
    busy += 1
    const where = frame.url.replace(/^.*node_modules\//, '').replace(`file://${ROOT}/`, '')
    const key = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`
    totals.set(key, (totals.get(key) ?? 0) + 1)
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, samples]) => `${((100 * samples) / busy).toFixed(1).padStart(5)}%  ${key}`)
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'James',
]
  .concat(['Ava', 'William', 'Mia', 'Benjamin', 'Evelyn', 'Lucas', 'Harper', 'Henry', 'Luna', 'Theodore'])
  .concat(['Priya', 'Kenji', 'Amara', 'Omar', 'Sofia', 'Mateo', 'Chloe', 'Daniel', 'Hannah', 'Ethan'])
  .concat(['Maya', 'Yusuf', 'Ines', 'Arjun', 'Freya', 'Tomasz', 'Leila', 'Kwame', 'Aiko', 'Rafael'])
  .concat(['Zara', 'Nikolai', 'Grace', 'Diego', 'Ingrid', 'Samuel', 'Mei', 'Tariq', 'Elena', 'Jonah'])
const SURNAME_STARTS = ['Ander', 'Bren', 'Cal', 'Dun', 'Ell', 'Fair', 'Gar', 'Hal', 'Ing', 'Kings'].concat([
  'Lang',
  'Mar',
  'North',
  'Oak',
  'Pen',
  'Ash',
  'Red',
  'Stan',
  'Thorn',
  'Wes',
])
const SURNAME_ENDS = ['son', 'ton', 'ley', 'wood', 'field', 'man', 'by', 'ford', 'well', 'ridge']

/** Distinct full names of bench people: 50 × 200 = 10,000; past that, names repeat as in a large tenant. */
export const DISTINCT_NAMES = FIRST_NAMES.length * SURNAME_STARTS.length * SURNAME_ENDS.length

export function benchName(index: number): string {
  const surname = Math.floor(index / FIRST_NAMES.length)
  const start = SURNAME_STARTS[surname % SURNAME_STARTS.length]!
  const end = SURNAME_ENDS[Math.floor(surname / SURNAME_STARTS.length) % SURNAME_ENDS.length]!
  return `${FIRST_NAMES[index % FIRST_NAMES.length]} ${start}${end}`
}

/** A first name alone, for names made distinct another way. */
export const benchFirstName = (index: number) => FIRST_NAMES[index % FIRST_NAMES.length]!

/**
 * The live heap after two full collections, in bytes, and the fastest of three more full collections: what a
 * major collection costs for what the process keeps. Needs `node --expose-gc` (profile-memory.ts, kv-memory.ts).
 */
export function liveHeap(script: string): { heap: number; gcMs: number } {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error(`run with node --expose-gc (pnpm bench:${script})`)
  collect()
  collect()
  const heap = process.memoryUsage().heapUsed
  const timings = Array.from({ length: 3 }, () => {
    const started = performance.now()
    collect()
    return performance.now() - started
  })
  return { heap, gcMs: Math.min(...timings) }
}
