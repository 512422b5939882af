import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@app/kit/testing/free-port'
import { startRedisServer } from '@app/kit/testing/redis-server'

/**
 * Start-up time of the product: from spawning `node scripts/start.mjs` (what `npm start` runs) until
 * `GET /api/health` answers 200, on a fresh data folder; and the same for the all-in-one runner alone.
 */

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
const HEALTH_DEADLINE_MS = 120_000
const STOP_DEADLINE_MS = 15_000
/** start.mjs does these only on a fresh clone or after web changes; a timed run must not include them. */
const SETUP_MESSAGES = ['Installing dependencies', 'Building the web app']

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Ctrl-C to the whole group, as a terminal would send it; SIGKILL only for what outlives the deadline. */
async function stopGroup(child: ChildProcess): Promise<{ stopMs: number; clean: boolean }> {
  const pid = child.pid!
  const started = performance.now()
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done))
  if (groupAlive(pid)) process.kill(-pid, 'SIGINT')
  const clean = await Promise.race([
    exited.then(() => true),
    sleep(STOP_DEADLINE_MS, undefined, { ref: false }).then(() => false),
  ])
  const stopMs = performance.now() - started
  for (let waited = 0; groupAlive(pid) && waited < 2000; waited += 50) await sleep(50)
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL')
    return { stopMs, clean: false }
  }
  return { stopMs, clean: clean && child.exitCode === 0 }
}

interface Run {
  healthyMs: number
  stopMs: number
  clean: boolean
  /** Set when start.mjs installed or built first: such a run does not time the start-up alone. */
  setup: string | undefined
}

interface Probe {
  cwd?: string
  healthPath?: string
  /** The gateway's /api/health reports its upstreams: alone, it counts as up once it answers at all. */
  anyAnswer?: boolean
}

async function timeToHealthy(
  args: string[],
  env: Record<string, string> = {},
  { cwd = ROOT, healthPath = '/api/health', anyAnswer = false }: Probe = {},
): Promise<Run> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'bench-startup-'))
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    // Its own process group, so the runner and every process it starts can be stopped together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDirectory,
      PORT: String(port),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
  })
  let output = ''
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`exited (${child.exitCode}) before it was healthy:\n${output}`)
      if (performance.now() - started > HEALTH_DEADLINE_MS)
        throw new Error(`not healthy within ${HEALTH_DEADLINE_MS} ms:\n${output}`)
      const status = await fetch(`http://127.0.0.1:${port}${healthPath}`, {
        signal: AbortSignal.timeout(1000),
      }).then(
        (response) => response.status,
        () => 0,
      )
      if (status === 200 || (anyAnswer && status !== 0)) break
      await sleep(20)
    }
    const healthyMs = performance.now() - started
    const setup = SETUP_MESSAGES.find((message) => output.includes(message))
    const { stopMs, clean } = await stopGroup(child)
    return { healthyMs, stopMs, clean, setup }
  } finally {
    if (child.pid && groupAlive(child.pid)) await stopGroup(child)
    await rm(dataDirectory, { recursive: true, force: true })
  }
}

/** A run that had to rebuild the web app (its sources changed meanwhile) is repeated, a few times at most. */
async function timedRun(args: string[], env: Record<string, string>): Promise<Run> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const run = await timeToHealthy(args, env)
    if (!run.setup) return run
    console.log(`  (a run included "${run.setup}" and is repeated)`)
  }
  throw new Error('every attempt rebuilt the web app: are its sources changing?')
}

const runs = Number(option('--runs') ?? 5)
const seconds = (ms: number) => (ms / 1000).toFixed(2)

/**
 * `--images`: each process as its image starts it, `node dist/server.mjs` (npm run build:bundles), against the
 * former `node --import tsx src/server.ts`, from its package folder until its health path answers 200 (the
 * gateway: until /api/health answers at all, as its upstreams are not running). Embedded stores, fresh DATA_DIR.
 */
async function imageStartUp() {
  const { generateIdentityKeyPair } = await import('@app/kit/identity')
  const pair = () => generateIdentityKeyPair()
  const [gateway, auth, sharing, importer, advice] = [pair(), pair(), pair(), pair(), pair()]
  const upstreams = Object.fromEntries(
    ['auth', 'profiles', 'sharing', 'questions', 'import', 'advice'].map((name, index) => [
      `${name.toUpperCase()}_SERVICE_URL`,
      `http://127.0.0.1:${4901 + index}`,
    ]),
  )
  const keysOf = (name: string): Record<string, string> => ({
    ...upstreams,
    GATEWAY_PUBLIC_KEY: gateway.publicKey,
    AUTH_PUBLIC_KEY: auth.publicKey,
    SHARING_PUBLIC_KEY: sharing.publicKey,
    IMPORT_PUBLIC_KEY: importer.publicKey,
    ADVICE_PUBLIC_KEY: advice.publicKey,
    ...(name === 'gateway'
      ? { GATEWAY_PRIVATE_KEY: gateway.privateKey, SESSION_SECRET: 's'.repeat(40) }
      : {}),
    ...(({ auth, sharing, import: importer, advice } as Record<string, { privateKey: string }>)[name]
      ? {
          SERVICE_PRIVATE_KEY: (
            { auth, sharing, import: importer, advice } as Record<string, { privateKey: string }>
          )[name]!.privateKey,
        }
      : {}),
  })
  // A process on its own needs a shared bus and key-value store: a throwaway Redis without persistence, which
  // takes only clients that know its password, as every Redis the product starts (decision 021).
  const redis = await startRedisServer()
  const redisUrl = { REDIS_URL: redis.url }
  const folders = ['gateway', 'auth', 'profiles', 'sharing', 'questions', 'import', 'advice']
  console.log(
    `Image start-up to a healthy health path, Node ${process.version}, ${cpus().length} CPUs, ${runs} runs each`,
  )
  console.log(
    '| Process | tsx `src/server.ts` median (min–max) | bundle `dist/server.mjs` median (min–max) |',
  )
  console.log('| --- | --- | --- |')
  for (const name of folders) {
    const folder = join(ROOT, name === 'gateway' ? 'gateway' : `services/${name}`)
    if (!existsSync(join(folder, 'dist/server.mjs')))
      throw new Error(`${folder}/dist/server.mjs is missing: npm run build:bundles`)
    const probe: Probe = {
      cwd: folder,
      healthPath: name === 'gateway' ? '/api/health' : '/health',
      anyAnswer: name === 'gateway',
    }
    const cells: string[] = []
    for (const args of [
      ['--import', 'tsx', 'src/server.ts'],
      ['--enable-source-maps', 'dist/server.mjs'],
    ]) {
      await timeToHealthy(args, { ...keysOf(name), ...redisUrl }, probe) // untimed: warms the disk cache and tsx's transform cache
      const times: number[] = []
      for (let index = 0; index < runs; index += 1)
        times.push((await timeToHealthy(args, { ...keysOf(name), ...redisUrl }, probe)).healthyMs)
      times.sort((a, b) => a - b)
      cells.push(
        `${seconds(times[Math.floor(times.length / 2)]!)} s (${seconds(times[0]!)}–${seconds(times.at(-1)!)})`,
      )
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
  await redis.stop()
}
if (process.argv.includes('--images')) {
  await imageStartUp()
  process.exit(0)
}
if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
  console.error('web/dist is missing: build the web app first (npx -y pnpm@10 --filter @app/web build)')
  process.exit(1)
}
// Untimed: lets start.mjs bring web/dist up to date and fills tsx's transform cache, as any earlier start would.
const warmUp = await timeToHealthy(['scripts/start.mjs'])
const targets = [
  { name: 'node scripts/start.mjs', args: ['scripts/start.mjs'], env: {} as Record<string, string> },
  {
    name: 'node --import tsx scripts/all-in-one.ts',
    args: ['--import', 'tsx', 'scripts/all-in-one.ts'],
    env: {},
  },
  // The first start after a clone has no transform cache: tsx compiles every TypeScript file.
  {
    name: 'node scripts/start.mjs, TSX_DISABLE_CACHE=1',
    args: ['scripts/start.mjs'],
    env: { TSX_DISABLE_CACHE: '1' },
  },
]
console.log(
  `Start-up to a healthy /api/health, Node ${process.version}, ${cpus().length} CPUs, ${runs} runs each, fresh DATA_DIR`,
)
console.log(
  `untimed warm-up start: ${(warmUp.healthyMs / 1000).toFixed(2)} s${warmUp.setup ? ` (it included "${warmUp.setup}")` : ''}`,
)
for (const target of targets) {
  console.log(target.name)
  const results: Run[] = []
  for (let index = 0; index < runs; index += 1) results.push(await timedRun(target.args, target.env))
  const sorted = results.map((run) => run.healthyMs).sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  console.log(`  runs (s):  ${results.map((run) => seconds(run.healthyMs)).join(' / ')}`)
  console.log(
    `  min ${seconds(sorted[0]!)} s   median ${seconds(median)} s   max ${seconds(sorted.at(-1)!)} s   (aim: under 10 s)`,
  )
  const stops = results.map((run) => seconds(run.stopMs)).join(' / ')
  console.log(
    `  stop on Ctrl-C (s): ${stops}${results.every((run) => run.clean) ? ', every run exited 0' : ', NOT every run exited cleanly'}`,
  )
}
