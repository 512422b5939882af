import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import { median, option, runWrk, spawnRole, stopRole, topOfProfile } from './support.ts'
import { verify } from '@node-rs/argon2'
import { buildApp as buildAuth } from '@app/auth/app'
import { authEnvSchema } from '@app/auth/config'
import { buildApp as buildGateway } from '@app/gateway/app'
import { gatewayEnvSchema, SERVICES } from '@app/gateway/config'
import { createMemoryEventBus } from '@app/kit/bus/index'
import { testConfig } from '@app/kit/testing/config'
import { identityHeaders, TEST_KEYS, testPublicKeys } from '@app/kit/testing/service-dependencies'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { loggerOptions } from '@app/kit/logger'
import { createDocumentStore, createProcessedEventLog } from '@app/kit/store/index'

/**
 * Login speed with the OWASP argon2id parameters: raw @node-rs/argon2 verifies/s on the service's own stored
 * hashes, then wrk logins straight to the auth service and through the gateway, each piece in its own process.
 * Flags: --duration <s> (10), --rounds <n> (1), --accounts <n> (200), --connections <n> (50), --check (exit 1
 * when gateway logins/s fall below 80% of raw verifies/s), --profile (V8 CPU profiles of auth and gateway).
 * UV_THREADPOOL_SIZE, when set, reaches every process.
 */

const FILE = fileURLToPath(import.meta.url)
const LOGIN = '/api/auth/login'
const OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$'
const WARM_UP_SECONDS = 3
const WRK_THREADS = 2
const BUDGET = 0.8
const LOG = loggerOptions('silent', 'bench')
const RAW = 'raw argon2 verify'
const DIRECT = 'login direct to auth'
const VIA_GATEWAY = 'login via gateway'

const SECONDS = Number(option('--duration') ?? 10)
const ROUNDS = Number(option('--rounds') ?? 1)
const CONNECTIONS = Number(option('--connections') ?? 50)
const percentile = (sorted: number[], share: number) => sorted[Math.floor(share * (sorted.length - 1))] ?? 0

interface Account {
  username: string
  password: string
  hash?: string
}
/** CPU in ms: the whole process, and its main thread (JavaScript); the rest is the libuv pool and V8 helpers. */
type Cpu = { total: number; main: number }
interface Measure {
  rate: number
  p50Ms: number
  p99Ms: number
  /** Microseconds per login (or verify): the verifying process, its main thread, the gateway, and wrk. */
  cpu: { total: number; main: number; gateway?: number; wrk?: number }
}

/** From /proc, in ms (USER_HZ is 100 on every Linux build Node supports); `reaped`: this process's ended children. */
async function cpuOf(pid: number | undefined): Promise<Cpu & { reaped: number }> {
  const ticks = async (path: string, first = 11) => {
    const fields = (await readFile(path, 'utf8')).split(') ')[1]!.split(' ')
    return (Number(fields[first]) + Number(fields[first + 1])) * 10
  }
  const [total, main] = [await ticks(`/proc/${pid}/stat`), await ticks(`/proc/${pid}/task/${pid}/stat`)]
  return { total, main, reaped: await ticks('/proc/self/stat', 13) }
}
const perUnit = (before: Cpu, after: Cpu, count: number) => ({
  total: ((after.total - before.total) * 1000) / count,
  main: ((after.main - before.main) * 1000) / count,
})

/** Child roles: auth and gateway print `READY <url>` and stop when stdin closes; raw prints `RESULT <json>`. */
async function serve(role: string): Promise<void> {
  const kv = createMemoryKeyValueStore()
  let app
  if (role === 'auth') {
    const store = await createDocumentStore({ dataDirectory: process.env.BENCH_DATA_DIR!, service: 'auth' })
    const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(store) })
    const config = testConfig('auth', authEnvSchema, {
      ADMIN_EMAIL: process.env.ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
    })
    app = await buildAuth({ config, publicKeys: testPublicKeys('auth'), store, bus, kv, logger: LOG })
  } else if (role === 'gateway') {
    const config = gatewayEnvSchema.parse({
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
      // Both limiters stay on and count every call; only their ceilings are raised so that wrk never meets a 429.
      RATE_LIMIT_MAX: String(1_000_000_000),
      CREDENTIAL_RATE_LIMIT_MAX: String(1_000_000_000),
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(
        SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, process.env.BENCH_UPSTREAM]),
      ),
    })
    app = await buildGateway({ config, kv, logger: LOG })
  } else {
    return rawVerifies()
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(`READY ${url}\n`)
  // `profile <file>` starts V8's profiler; the profile is written when stdin closes, before the app closes.
  const inspector = new Session()
  let profileFile = ''
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      profileFile = line.slice('profile '.length)
      inspector.connect()
      void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start'))
    })
    .on('close', async () => {
      if (profileFile)
        await writeFile(profileFile, JSON.stringify((await inspector.post('Profiler.stop')).profile))
      await app.close()
      process.exit(0)
    })
}

/** Keeps `connections` verifies in flight, as wrk keeps that many logins in flight against the service. */
async function rawVerifies(): Promise<void> {
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  const input = JSON.parse(text) as { accounts: Required<Account>[]; seconds: number; connections: number }
  const run = async (seconds: number): Promise<Measure> => {
    const deadline = performance.now() + seconds * 1000
    const latencies: number[] = []
    let next = 0
    const before = await cpuOf(process.pid)
    const started = performance.now()
    const worker = async () => {
      while (performance.now() < deadline) {
        const account = input.accounts[next++ % input.accounts.length]!
        const sent = performance.now()
        if (!(await verify(account.hash, account.password))) throw new Error('a stored hash did not verify')
        latencies.push(performance.now() - sent)
      }
    }
    await Promise.all(Array.from({ length: input.connections }, worker))
    const rate = latencies.length / ((performance.now() - started) / 1000)
    latencies.sort((a, b) => a - b)
    const cpu = perUnit(before, await cpuOf(process.pid), latencies.length)
    return { rate, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), cpu }
  }
  await run(WARM_UP_SECONDS)
  process.stdout.write(`RESULT ${JSON.stringify(await run(input.seconds))}\n`)
}

/** Each account made as an administrator would: registered, then its owner signs in and changes the password. */
async function createAccounts(gatewayUrl: string, admin: Account, count: number): Promise<Account[]> {
  const call = async (path: string, body: object, cookie = '', expected = 200) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gatewayUrl, cookie },
      body: JSON.stringify(body),
    })
    if (response.status !== expected) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (
      response.headers
        .getSetCookie()
        .find((line) => line.startsWith('session='))
        ?.split(';', 1)[0] ?? ''
    )
  }
  const adminCookie = await call(LOGIN, { username: admin.username, password: admin.password })
  const accounts = Array.from({ length: count }, (_, index) => ({
    username: `bench-${String(index).padStart(4, '0')}@example.test`,
    password: randomBytes(12).toString('base64url'),
  }))
  let next = 0
  const worker = async () => {
    for (let account = accounts[next++]; account; account = accounts[next++]) {
      const initial = randomBytes(12).toString('base64url')
      const register = { username: account.username, email: account.username, password: initial }
      await call('/api/auth/register', register, adminCookie, 201)
      const cookie = await call(LOGIN, { username: account.username, password: initial })
      await call(
        '/api/auth/change-password',
        { currentPassword: initial, newPassword: account.password },
        cookie,
      )
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return accounts
}

/** The users' stored hashes, from the auth service's NeDB datafile (append-only: a user's last line wins). */
async function storedHashes(dataDirectory: string): Promise<Map<string, string>> {
  const latest = new Map<string, { usernameKey: string; passwordHash: string }>()
  const text = await readFile(join(dataDirectory, 'auth', 'users.db'), 'utf8')
  for (const line of text.split('\n').filter(Boolean)) {
    const user = JSON.parse(line) as { _id: string; usernameKey: string; passwordHash: string }
    latest.set(user._id, user)
  }
  return new Map([...latest.values()].map((user) => [user.usernameKey, user.passwordHash]))
}

/** wrk script: prebuilt logins, the threads taking disjoint accounts; an answer without a session fails wrk. */
function loginScript(accounts: Account[], proof: 'set-cookie' | 'x-session-login'): string {
  const bodies = accounts.map(({ username, password }) =>
    JSON.stringify(JSON.stringify({ username, password })),
  )
  return `local bodies = { ${bodies.join(',\n')} }
local threads, requests, nextIndex = {}, {}, 0
function setup(thread) thread:set("offset", #threads); table.insert(threads, thread) end
function init(args)
  unproven, nextIndex = 0, offset
  for i, body in ipairs(bodies) do requests[i] = wrk.format("POST", "${LOGIN}", wrk.headers, body) end
end
function request()
  nextIndex = nextIndex + ${WRK_THREADS}
  return requests[nextIndex % #requests + 1]
end
function response(status, headers, body)
  for name, value in pairs(headers) do
    if string.lower(name) == "${proof}" and string.find(value, "${proof === 'set-cookie' ? 'session=' : ''}", 1, true) == 1 then return end
  end
  unproven = unproven + 1
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unproven") end
  if total > 0 then io.write(string.format("%d answers without a session\\n", total)); os.exit(3) end
end
`
}

/** A wrk run of the login script; any failed or unproven login fails the bench. */
async function wrk(url: string, script: string, headers: Record<string, string>, seconds: number) {
  const args = [`-t${WRK_THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', script]
  const result = await runWrk(args, headers, url)
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} failed logins`)
  return {
    requests: result.requests,
    rate: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
  }
}

/** Prints medians over rounds; each ratio to raw is taken within its round. Returns gateway logins/s over raw. */
function report(results: Map<string, Measure[]>, load: number[]): number {
  const pool = process.env.UV_THREADPOOL_SIZE ?? 'unset (libuv default 4)'
  const lines = [
    `Login, argon2id m=19456 t=2 p=1; Node ${process.version}, ${cpus().length} CPUs; UV_THREADPOOL_SIZE ${pool}`,
    `wrk -t${WRK_THREADS} -c${CONNECTIONS} -d${SECONDS}s --latency after ${WARM_UP_SECONDS} s of warm-up; raw keeps ${CONNECTIONS} verifies in flight`,
    `${ROUNDS} round(s), medians; CPU in µs per login: verifying process (its main thread), gateway, wrk`,
    ['path', 'per s', 'p50 ms', 'p99 ms', 'CPU', 'main', 'gateway', 'wrk', 'rate/raw', 'CPU/raw'],
  ]
  const raw = results.get(RAW)!
  const percent = (share: number) => `${(100 * share).toFixed(1)}%`
  let ratio = 0
  for (const [name, runs] of results) {
    const of = (pick: (run: Measure, round: number) => number) => median(runs.map(pick))
    const rate = of((run, round) => run.rate / raw[round]!.rate)
    const cpu = of((run, round) => raw[round]!.cpu.total / (run.cpu.total + (run.cpu.gateway ?? 0)))
    if (name === VIA_GATEWAY) ratio = rate
    const speeds = [of((run) => run.rate), of((run) => run.p50Ms), of((run) => run.p99Ms)]
    const costs = [
      of((run) => run.cpu.total),
      of((run) => run.cpu.main),
      of((run) => run.cpu.gateway ?? 0),
      of((run) => run.cpu.wrk ?? 0),
    ]
    const cells = [...speeds.map((value) => value.toFixed(1)), ...costs.map((value) => value.toFixed(0))]
    lines.push([name, ...cells.map((cell) => (cell === '0' ? '-' : cell)), percent(rate), percent(cpu)])
  }
  const rounds = results.get(VIA_GATEWAY)!.map((run, round) => percent(run.rate / raw[round]!.rate))
  lines.push(
    `login via gateway / raw verify: ${percent(ratio)} (budget ${percent(BUDGET)}); rounds ${rounds.join(', ')}`,
  )
  lines.push(
    `1-minute load average before and after each round: ${load.map((value) => value.toFixed(2)).join(', ')}`,
  )
  const row = (cells: string[]) => [cells[0]!.padEnd(21), ...cells.slice(1).map((cell) => cell.padStart(8))]
  for (const line of lines) console.log(typeof line === 'string' ? line : row(line).join(' '))
  return ratio
}

async function main(): Promise<void> {
  // The direct target's identity token is signed once per wrk run and lives 60 s.
  if (!(SECONDS + WARM_UP_SECONDS < 55)) throw new Error('--duration must stay under 52 s')
  const workDirectory = await mkdtemp(join(tmpdir(), 'bench-login-'))
  const admin = { username: 'admin@example.test', password: randomBytes(18).toString('base64url') }
  const children: ChildProcess[] = []
  const profiles = process.argv.includes('--profile')
  const launch = async (role: string, env: Record<string, string>) => {
    const started = spawnRole(FILE, role, { env })
    children.push(started.child)
    const profile = join(workDirectory, `${role}-profile`)
    return {
      child: started.child,
      url: await started.line,
      profile,
      script: join(workDirectory, `${role}.lua`),
    }
  }
  try {
    const credentials = { ADMIN_EMAIL: admin.username, ADMIN_PASSWORD: admin.password }
    const auth = await launch('auth', { BENCH_DATA_DIR: workDirectory, ...credentials })
    const gateway = await launch('gateway', { BENCH_UPSTREAM: auth.url })
    const accounts = await createAccounts(gateway.url, admin, Number(option('--accounts') ?? 200))
    const hashes = await storedHashes(workDirectory)
    for (const account of accounts) {
      account.hash = hashes.get(account.username)
      if (!account.hash?.startsWith(OWASP_PREFIX))
        throw new Error(`${account.username}: hash not ${OWASP_PREFIX}`)
    }
    await writeFile(auth.script, loginScript(accounts, 'x-session-login'), { mode: 0o600 })
    await writeFile(gateway.script, loginScript(accounts, 'set-cookie'), { mode: 0o600 })
    const json = { 'Content-Type': 'application/json' }
    // Direct calls carry the anonymous identity token the gateway would add; gateway calls carry its Origin.
    const targets = [
      { name: DIRECT, server: auth, headers: () => ({ ...json, ...identityHeaders('auth', null) }) },
      { name: VIA_GATEWAY, server: gateway, headers: () => ({ ...json, Origin: gateway.url }) },
    ]
    const results = new Map<string, Measure[]>([RAW, DIRECT, VIA_GATEWAY].map((name) => [name, []]))
    const load = [loadavg()[0]!]
    for (let round = 0; round < ROUNDS; round += 1) {
      const raw = spawnRole(FILE, 'raw')
      raw.child.stdin!.end(JSON.stringify({ accounts, seconds: SECONDS, connections: CONNECTIONS }))
      results.get(RAW)!.push(JSON.parse(await raw.line) as Measure)
      await new Promise((done) => raw.child.once('exit', done))
      for (const { name, server, headers } of targets) {
        await wrk(`${server.url}${LOGIN}`, server.script, headers(), WARM_UP_SECONDS)
        // Only the last measured run through the gateway is profiled.
        if (profiles && name === VIA_GATEWAY && round === ROUNDS - 1)
          for (const profiled of [auth, gateway]) {
            await mkdir(profiled.profile)
            profiled.child.stdin!.write(`profile ${join(profiled.profile, 'main.cpuprofile')}\n`)
          }
        const before = await Promise.all([cpuOf(auth.child.pid), cpuOf(gateway.child.pid)])
        const result = await wrk(`${server.url}${LOGIN}`, server.script, headers(), SECONDS)
        const after = await Promise.all([cpuOf(auth.child.pid), cpuOf(gateway.child.pid)])
        const wrkCpu = ((after[0].reaped - before[0].reaped) * 1000) / result.requests
        const cpu = { ...perUnit(before[0], after[0], result.requests), wrk: wrkCpu }
        const gatewayCpu = perUnit(before[1], after[1], result.requests).total
        results
          .get(name)!
          .push({ ...result, cpu: name === VIA_GATEWAY ? { ...cpu, gateway: gatewayCpu } : cpu })
      }
      load.push(loadavg()[0]!)
    }
    const ratio = report(results, load)
    if (process.argv.includes('--check') && ratio < BUDGET) process.exitCode = 1
    for (const child of children.reverse()) await stopRole(child)
    for (const [name, profiled] of profiles ? Object.entries({ auth, gateway }) : []) {
      console.log(`\n${name}: self time, share of the main thread's busy time`)
      for (const line of await topOfProfile(profiled.profile, 20)) console.log(line)
    }
  } finally {
    for (const child of children) await stopRole(child)
    await rm(workDirectory, { recursive: true, force: true })
  }
}

const role = option('--role')
if (role) await serve(role)
else await main()
