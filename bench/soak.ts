import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { option, ROOT } from './support.ts'
import { freePort } from '@app/kit/testing/free-port'
import type { Identity } from '@app/kit/identity'
import { createNedbStore } from '@app/kit/store/nedb'
import { startRedisServer, type RedisServer } from '@app/kit/testing/redis-server'
import { identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { createAssessmentsRepository } from '@app/profiles/assessments-repository'

/**
 * A soak (issue 8 item 4, issue 14 item 1): first the peak of a mixed load (closed loop), then half of it
 * held at a fixed rate (open loop, so a slow service meets a queue, as real users do), reported per window.
 * Budget: the throughput holds, and the last minute's p99 is within 2× of the first minute's.
 *
 * A `System` is what is driven (--mode): `all-in-one` (`scripts/all-in-one.ts`) or `cluster`
 * (`scripts/cluster.ts`, its own Redis) through the gateway with signed-in users' session cookies, or
 * `profiles`: two profiles processes on Redis called directly with the identity headers the gateway would send.
 * Requests leave from many loopback addresses (127.0.0.2–201, `localAddress`), so the gateway's per-address
 * limit (RATE_LIMIT_MAX, 1,000 a minute) is not what is measured; it stays at its default.
 * Flags: --mode (profiles), --seconds <hold> (180), --window <s> (10), --peak-seconds <s> (15),
 * --writes <share> (0.2), --users <n> (50, signed in at a time), --profiles <n> (2000: 40 per user on average),
 * --hold-share <0..> (0.5), --json <file> (the windows and RSS samples), --check (exit 1 on a missed budget),
 * --loop-delay <file> (each product process's event-loop delay per 10 s, bench/loop-delay.mjs, printed after
 * the hold), --cpu-profile <dir>, --trace-gc <file>.
 */

interface Call {
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  /** The session the call is made in: its cookie is renewed from the answer's Set-Cookie. */
  session?: { cookie: string }
}
/** The next request of the mix; `write` says whether it should be a write. */
type Mix = (write: boolean) => Call
interface System {
  describe: string
  /** Base URLs requests are spread over; writes go to `writeUrl`. */
  readUrls: string[]
  writeUrl: string
  mix: Mix
  /** The processes whose memory is sampled (and their children). */
  pid?: number
  /** Makes ready the users that `saves` more saves will need (each user signs out after a number of saves). */
  provision?(saves: number): Promise<void>
  /** Users created, and saves made after the fresh users ran out (their lists then grow on). */
  usersReport?(): { created: number; exhausted: number }
  stop(): Promise<void>
}

/** A signed-in user of the mix and how many assessments it has saved. */
interface SoakUser {
  session: { cookie: string }
  saved: number
}

/** Source addresses to spread requests over: 200 loopback addresses, so no one address meets the limit. */
const SOURCE_ADDRESSES = Array.from({ length: 200 }, (_, index) => `127.0.0.${index + 2}`)
const anyAddress = () => SOURCE_ADDRESSES[Math.floor(Math.random() * SOURCE_ADDRESSES.length)]!

const USERS = Number(option('--users') ?? 50)
const PROFILES = Number(option('--profiles') ?? 2_000)
/**
 * About `--users` are signed in at a time, with `--profiles / --users` profiles each on average: a user who has
 * saved twice that many signs out and a fresh one takes its place. Without it, every save would lengthen a list
 * that never shortens (each of 50 users would hold about 900 profiles after 10 minutes), and each read would
 * carry more than the one before: the load would not be steady (bench/README.md, "Soak").
 */
const PER_USER = Math.max(1, Math.round(PROFILES / USERS))
const RETIRE_AFTER = 2 * PER_USER
/** Saved assessments of the `index`th of the first users: staggered, so they retire one at a time. */
const initialProfiles = (index: number) => Math.round((RETIRE_AFTER * index) / USERS)
const SEARCHES = ['Soak Person 1', 'soak', 'Person 42', 'Nobody Here', 'Soak Pers']

function discBody(index: number) {
  const d = (index * 37) % 101
  return {
    assessmentType: 'disc',
    dScore: d,
    iScore: 100 - d,
    sScore: 50,
    cScore: 25,
    answers: ['D', 'I', 'S', 'C'],
  }
}

const identity = (userId: number): Identity => ({
  userId,
  role: 'standard',
  username: `soak${userId}@example.com`,
  mustChangePassword: false,
})
/** The signed-in users of the profiles mode: identities as the gateway sends them, so a fresh one is free. */
const identities = Array.from({ length: USERS }, (_, index) => ({
  identity: identity(100 + index),
  saved: initialProfiles(index),
}))
let nextUserId = 100 + USERS

/** 80% reads (a user's accessible profiles, and search) and 20% saves, each as a random one of the users. */
const profilesMix: Mix = (write) => {
  const slot = Math.floor(Math.random() * identities.length)
  const user = identities[slot]!
  const headers = identityHeaders('profiles', user.identity)
  if (write) {
    user.saved += 1
    if (user.saved >= RETIRE_AFTER) identities[slot] = { identity: identity(nextUserId++), saved: 0 }
    return {
      label: 'save',
      method: 'POST',
      path: '/api/assessments',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...discBody(Math.floor(Math.random() * 1000)),
        name: `Soak Person ${Math.floor(Math.random() * 1000)}`,
      }),
    }
  }
  if (Math.random() < 0.5)
    return { label: 'accessible', method: 'GET', path: '/api/accessible-profiles', headers }
  const name = SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!
  return {
    label: 'search',
    method: 'GET',
    path: `/api/profiles/search?name=${encodeURIComponent(name)}`,
    headers,
  }
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the service exited (${child.exitCode})`)
    if (
      await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error(`${url} did not become healthy`)
}

/**
 * Two profiles processes on one Redis (bus and key-value store). NeDB files cannot be shared between
 * processes, so each replica starts from a copy of the same data and only replica A takes saves; replica B
 * knows of them only through the catalog's change log in Redis, which is what this measures.
 */
async function profilesOnRedis(): Promise<System> {
  const base = await mkdtemp(join(tmpdir(), 'bench-soak-'))
  const store = await createNedbStore({ directory: join(base, 'a', 'profiles') })
  const assessments = await createAssessmentsRepository(store)
  let saved = 0
  for (const [index, { identity: user }] of identities.entries()) {
    for (let own = 0; own < initialProfiles(index); own += 1) {
      const body = discBody(saved)
      await assessments.create({
        ...body,
        assessmentType: 'disc',
        userId: user.userId,
        name: `Soak Person ${saved}`,
        primaryType: body.dScore >= 50 ? 'D' : 'I',
        scoresData: null,
        timestamp: new Date().toISOString(),
      })
      saved += 1
    }
  }
  await store.close()
  await cp(join(base, 'a'), join(base, 'b'), { recursive: true })
  const redis: RedisServer = await startRedisServer()
  const children: ChildProcess[] = []
  const urls: string[] = []
  for (const name of ['a', 'b']) {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/profiles/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(base, name),
        REDIS_URL: redis.url,
        GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey,
        IMPORT_PUBLIC_KEY: TEST_KEYS.import.publicKey,
        ADVICE_PUBLIC_KEY: TEST_KEYS.advice.publicKey,
        LOG_LEVEL: 'warn',
        MONGO_URL: '',
        KAFKA_BROKERS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    children.push(child)
    urls.push(`http://127.0.0.1:${port}`)
    await waitHealthy(urls.at(-1)!, child)
  }
  return {
    describe: `two profiles processes on Redis, ${USERS} users at a time with ${PER_USER} profiles each on average (a user leaves after ${RETIRE_AFTER} saves)`,
    readUrls: urls,
    writeUrl: urls[0]!,
    mix: profilesMix,
    async stop() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null) return
          const exited = new Promise((done) => child.once('exit', done))
          child.kill('SIGTERM')
          return exited
        }),
      )
      await redis.stop()
      await rm(base, { recursive: true, force: true })
    },
  }
}

/** Resident memory of a process and all its descendants (the cluster's children, its Redis), in MiB. */
async function treeRssMiB(root: number): Promise<number> {
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const parent = Number(stat.split(') ')[1]?.split(' ')[1])
    if (parent) parents.set(Number(entry), parent)
  }
  const inTree = (pid: number): boolean => pid === root || (parents.has(pid) && inTree(parents.get(pid)!))
  let kib = 0
  for (const pid of [root, ...[...parents.keys()].filter((pid) => pid !== root && inTree(pid))]) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
    kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  }
  return kib / 1024
}

const ADMIN = { username: 'soak-admin@example.test', password: 'soak-admin-password-1' }

/** A call through the gateway in a user's session, as the browser makes it (Origin for the CSRF check). */
function sessionCall(base: string, session: { cookie: string }, call: Omit<Call, 'headers'>): Call {
  return {
    ...call,
    session,
    headers: {
      origin: new URL(base).origin,
      accept: 'application/json',
      cookie: `session=${session.cookie}`,
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
  }
}

async function expectStatus(base: string, call: Call, status: number, from = anyAddress()) {
  const answer = await send(base, call, from)
  if (answer.status !== status)
    throw new Error(`${call.method} ${call.path}: ${answer.status} instead of ${status}`)
  return answer
}

/** Signs in through the gateway; the session lives in the returned cookie holder. */
async function signIn(base: string, username: string, password: string, from: string) {
  const session = { cookie: '' }
  await expectStatus(
    base,
    sessionCall(base, session, {
      label: 'login',
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ username, password }),
    }),
    200,
    from,
  )
  if (!session.cookie) throw new Error(`no session for ${username}`)
  return session
}

/**
 * The whole product through its gateway, started as `npm start` or `npm run start:cluster` would: an
 * administrator registers the users, each signs in (from its own address) and sets its password, and saves
 * `--profiles / --users` assessments, so reads have something to list.
 */
async function wholeProduct(mode: 'all-in-one' | 'cluster'): Promise<System> {
  const dataDirectory = await mkdtemp(join(tmpdir(), `bench-soak-${mode}-`))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      // `--cpu-profile <dir>`: a V8 CPU profile of the product's process, written when it stops.
      ...(option('--cpu-profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('--cpu-profile')}`] : []),
      // `--trace-gc <file>`: every garbage collection of the product's process, with its pause, in that file.
      ...(option('--trace-gc') ? ['--trace-gc'] : []),
      '--import',
      'tsx',
      mode === 'cluster' ? 'scripts/cluster.ts' : 'scripts/all-in-one.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...loopDelayEnvironment(),
        DATA_DIR: dataDirectory,
        PORT: String(port),
        ADMIN_EMAIL: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        REDIS_URL: '',
        MONGO_URL: '',
        KAFKA_BROKERS: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  const gcTrace = option('--trace-gc') ? createWriteStream(option('--trace-gc')!) : null
  child.stdout!.on('data', (chunk: Buffer) => {
    if (output.length < 10_000) output += chunk.toString()
    gcTrace?.write(chunk)
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGINT')
      await exited
    }
    await rm(dataDirectory, { recursive: true, force: true })
  }
  try {
    const deadline = Date.now() + 60_000
    while (!output.includes('Ready: ')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${mode} did not start: ${output}`)
      await new Promise((done) => setTimeout(done, 100))
    }
    const base = `http://127.0.0.1:${port}`
    const admin = await signIn(base, ADMIN.username, ADMIN.password, '127.0.0.1')
    let created = 0
    /** Registers a user, signs it in (from its own address) and sets its password; then saves `profiles`. */
    const createUser = async (profiles: number): Promise<SoakUser> => {
      const index = created++
      const username = `soak${index}@example.test`
      const initial = `Initial-soak-${index}-password`
      await expectStatus(
        base,
        sessionCall(base, admin, {
          label: 'register',
          method: 'POST',
          path: '/api/auth/register',
          body: JSON.stringify({
            username,
            email: username,
            password: initial,
            role: 'standard',
            firstName: 'Soak',
            lastName: `Person ${index}`,
          }),
        }),
        201,
      )
      const from = SOURCE_ADDRESSES[index % SOURCE_ADDRESSES.length]!
      const session = await signIn(base, username, initial, from)
      await expectStatus(
        base,
        sessionCall(base, session, {
          label: 'change-password',
          method: 'POST',
          path: '/api/auth/change-password',
          body: JSON.stringify({ currentPassword: initial, newPassword: `Chosen-soak-${index}-password` }),
        }),
        200,
        from,
      )
      await Promise.all(
        Array.from({ length: profiles }, (_, saved) =>
          expectStatus(
            base,
            sessionCall(base, session, {
              label: 'save',
              method: 'POST',
              path: '/api/assessments',
              body: JSON.stringify({ ...discBody(index * PER_USER + saved), name: `Soak Person ${index}` }),
            }),
            201,
            from,
          ),
        ),
      )
      return { session, saved: profiles }
    }
    /** Creates `count` users a few at a time (each costs four password hashes or checks). */
    const createUsers = async (count: number, profiles: (index: number) => number) => {
      const users: SoakUser[] = []
      for (let from = 0; from < count; from += 4)
        users.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(4, count - from) }, (_, offset) =>
              createUser(profiles(from + offset)),
            ),
          )),
        )
      return users
    }
    const active = await createUsers(USERS, initialProfiles)
    const fresh = await createUsers(Math.ceil(USERS / 2), () => 0)
    let exhausted = 0
    /** A user who has saved `RETIRE_AFTER` assessments signs out; the next fresh one takes its place. */
    const afterSave = (slot: number) => {
      const user = active[slot]!
      user.saved += 1
      if (user.saved < RETIRE_AFTER) return
      const next = fresh.shift()
      if (next) active[slot] = next
      else exhausted += 1
    }
    const mix: Mix = (write) => {
      const slot = Math.floor(Math.random() * active.length)
      const { session } = active[slot]!
      if (write) {
        afterSave(slot)
        return sessionCall(base, session, {
          label: 'save',
          method: 'POST',
          path: '/api/assessments',
          body: JSON.stringify({
            ...discBody(Math.floor(Math.random() * 1000)),
            name: `Soak Person ${Math.floor(Math.random() * 1000)}`,
          }),
        })
      }
      const pick = Math.random()
      if (pick < 1 / 3)
        return sessionCall(base, session, {
          label: 'accessible',
          method: 'GET',
          path: '/api/accessible-profiles',
        })
      if (pick < 2 / 3)
        return sessionCall(base, session, { label: 'me', method: 'GET', path: '/api/auth/me' })
      const name = SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!
      return sessionCall(base, session, {
        label: 'search',
        method: 'GET',
        path: `/api/profiles/search?name=${encodeURIComponent(name)}`,
      })
    }
    return {
      describe:
        `the whole product (${mode}) through its gateway, ${USERS} signed-in users at a time with ` +
        `${PER_USER} profiles each on average (each signs out after ${RETIRE_AFTER} and a fresh user signs in)`,
      readUrls: [base],
      writeUrl: base,
      mix,
      pid: child.pid!,
      async provision(saves) {
        const needed = Math.ceil(saves / RETIRE_AFTER) - fresh.length
        if (needed > 0) fresh.push(...(await createUsers(needed, () => 0)))
      },
      usersReport: () => ({ created, exhausted }),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `--loop-delay <file>`: every Node process of the product (the cluster's children too) reports its loop. */
function loopDelayEnvironment(): Record<string, string> {
  const file = option('--loop-delay')
  if (!file) return {}
  const preload = `--import ${join(ROOT, 'bench', 'loop-delay.mjs')}`
  return {
    LOOP_DELAY_FILE: file,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
  }
}

/** The loop-delay samples taken during the hold, by process, as `second max/p99` columns. */
async function printLoopDelay(holdStartedAt: number) {
  const file = option('--loop-delay')
  if (!file) return
  const samples = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: number; pid: number; name: string; max: number; p99: number })
    .filter((sample) => sample.at >= holdStartedAt)
  const processes = [...new Set(samples.map((sample) => `${sample.name} ${sample.pid}`))]
  console.log('event-loop delay during the hold (ms, max / p99 over each 10 s), by process:')
  for (const name of processes) {
    const own = samples.filter((sample) => `${sample.name} ${sample.pid}` === name)
    const columns = own.map(
      (sample) => `${Math.round((sample.at - holdStartedAt) / 1000)} s ${sample.max}/${sample.p99}`,
    )
    console.log(`  ${name}: ${columns.join(', ')}`)
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** One call; resolves with its status (0 for a transport error) and latency. */
function send(
  base: string,
  call: Call,
  localAddress = anyAddress(),
): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const url = new URL(call.path, base)
    const outgoing = request(
      url,
      { method: call.method, headers: call.headers, agent, timeout: 10_000, localAddress },
      (response) => {
        const renewed = (response.headers['set-cookie'] ?? [])
          .map((header) => /^session=([^;]*)/.exec(header)?.[1])
          .find((value) => value !== undefined)
        if (call.session && renewed) call.session.cookie = renewed
        response.resume()
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        )
      },
    )
    outgoing.once('error', () => resolve({ status: 0, ms: performance.now() - started }))
    outgoing.once('timeout', () => outgoing.destroy())
    outgoing.end(call.body)
  })
}

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

interface Window {
  second: number
  latencies: number[]
  completed: number
  p50: number
  p99: number
  errors: Record<string, number>
}

/** Open loop at a fixed rate; answers are counted in the window in which they were sent. */
async function hold(system: System, rate: number, seconds: number, windowSeconds: number, writes: number) {
  const windows: Array<{ latencies: number[]; errors: Record<string, number> }> = []
  /** Every answered call's latency by its label (save, accessible, search, me), over the whole hold. */
  const byLabel = new Map<string, number[]>()
  const inFlight = new Set<Promise<void>>()
  const started = performance.now()
  let sent = 0
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate)
    for (; sent < due; sent += 1) {
      const elapsed = (performance.now() - started) / 1000
      const windowIndex = Math.min(
        Math.floor(elapsed / windowSeconds),
        Math.ceil(seconds / windowSeconds) - 1,
      )
      const window = (windows[windowIndex] ??= { latencies: [], errors: {} })
      const { base, call } = next(system, writes)
      const pending = send(base, call).then(({ status, ms }) => {
        if (status >= 200 && status < 300) {
          window.latencies.push(ms)
          let list = byLabel.get(call.label)
          if (!list) byLabel.set(call.label, (list = []))
          list.push(ms)
        } else window.errors[`${call.label} ${status}`] = (window.errors[`${call.label} ${status}`] ?? 0) + 1
      })
      inFlight.add(pending)
      void pending.finally(() => inFlight.delete(pending))
    }
    await new Promise((done) => setTimeout(done, 2))
  }
  await Promise.all(inFlight)
  // Which calls make the tail: a save waits for its fsync (decision 011), a read does not.
  for (const [label, list] of byLabel) {
    list.sort((a, b) => a - b)
    console.log(
      `${label}: ${list.length} answers, p50 ${quantile(list, 0.5).toFixed(2)} ms, ` +
        `p99 ${quantile(list, 0.99).toFixed(2)} ms, max ${list.at(-1)!.toFixed(2)} ms`,
    )
  }
  return windows.map((window, index): Window => {
    const sorted = [...window.latencies].sort((a, b) => a - b)
    return {
      second: (index + 1) * windowSeconds,
      latencies: sorted,
      completed: window.latencies.length / windowSeconds,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      errors: window.errors,
    }
  })
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
    const rate = Math.round(peak.rate * holdShare)
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
    const started = performance.now()
    const holdStartedAt = Date.now()
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
    await printLoopDelay(holdStartedAt)
    console.log(['window end s', 'req/s', 'p50 ms', 'p99 ms', 'errors'].map((t) => t.padStart(12)).join(' '))
    for (const window of windows) {
      console.log(
        [
          String(window.second),
          window.completed.toFixed(0),
          window.p50.toFixed(2),
          window.p99.toFixed(2),
          Object.entries(window.errors)
            .map(([key, count]) => `${key}: ${count}`)
            .join(', ') || '0',
        ]
          .map((text) => text.padStart(12))
          .join(' '),
      )
    }
    const minute = Math.min(60, seconds / 3)
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
    console.log(
      `throughput ${throughputHolds ? 'holds' : 'DROPPED'} (every window ≥ 90% of ${rate} req/s); ` +
        `p99 over the first minute ${p99First.toFixed(2)} ms, last minute ${p99Last.toFixed(2)} ms ` +
        `(${p99Holds ? 'within' : 'OVER'} 2×); ${errors} errors`,
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
    const jsonFile = option('--json')
    if (jsonFile) {
      const report = {
        mode,
        seconds,
        windowSeconds,
        peak: peak.rate,
        rate,
        windows: windows.map(({ latencies: _latencies, ...window }) => window),
        p99First,
        p99Last,
        rss,
        users,
      }
      await writeFile(jsonFile, JSON.stringify(report, null, 2))
    }
    if (process.argv.includes('--check') && (!throughputHolds || !p99Holds || errors > 0))
      process.exitCode = 1
  } finally {
    agent.destroy()
    await system.stop()
  }
}

await main()
