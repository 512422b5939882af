import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchName, cpuMs, option, runWrk, topOfProfile, type WrkResult } from './support.ts'
import { createAssessmentsRepository, type NewAssessment } from '@app/profiles/assessments-repository'
import type { Identity } from '@app/kit/identity'
import { createNedbStore } from '@app/kit/store/nedb'
import { freePort } from '@app/kit/testing/free-port'
import { identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { startRedisServer } from '@app/kit/testing/redis-server'
import { PREVUE_ABILITIES, PREVUE_MOTIVATIONS, PREVUE_PERSONALITY } from '@app/domain/prevue'

/**
 * Profile search and accessible profiles at 100,000 profiles (issue 4, "Speed"; issue 31 item 5): the store is
 * filled through the repository, then the real profiles service (services/profiles/src/server.ts) runs in its
 * own process on that data folder and wrk calls it directly with identity headers, for the owner of nearly all
 * the profiles and for an administrator, who sees every profile. Flags: --profiles <n> (100000, in all),
 * --duration <s> (10), --connections <list> (1,10), --profile (V8 CPU profile of the service), --service
 * <entry> (another server.ts, to compare a variant), --check (exit 1 when search p99 with one connection is
 * over 10 ms).
 */

const ROOT = resolve(fileURLToPath(import.meta.url), '../..')
const OTHER_OWNERS = 50
const PER_OTHER_OWNER = 10
/** The owner's profiles: every one but the colleagues'. */
const OWNED = Number(option('--profiles') ?? 100_000) - OTHER_OWNERS * PER_OTHER_OWNER
const WARM_UP_SECONDS = 3
const SEARCH_BUDGET_P99_MS = 10
/** Saves in flight while filling: inserts and their fsyncs are grouped (decision 011). */
const FILL_CONCURRENCY = 500
/** One colleague's profile after every this many of the owner's. */
const COLLEAGUES_EVERY = Math.floor(OWNED / (OTHER_OWNERS * PER_OTHER_OWNER))
/** A colleague's profile that search finds for the administrator, and not for the owner. */
const COLLEAGUE = `Colleague ${COLLEAGUES_EVERY * 20} Quill`

const owner: Identity = {
  userId: 1000,
  role: 'standard',
  username: 'owner@example.com',
  mustChangePassword: false,
}
const administrator: Identity = {
  userId: 1,
  role: 'administrator',
  username: 'admin@example.com',
  mustChangePassword: false,
}

/** Each of the owner's profiles has a name; past 10,000 names they repeat, as in a large tenant. */
const fullName = benchName

function assessment(userId: number, name: string, index: number): NewAssessment {
  const d = (index * 37) % 101
  const i = (index * 53) % 101
  const s = (index * 71) % 101
  const c = (index * 89) % 101
  const prevue = index % 4 === 3
  const scoresData = prevue
    ? {
        ...Object.fromEntries(PREVUE_ABILITIES.map((key, offset) => [key, 1 + ((index + offset) % 10)])),
        ...Object.fromEntries(PREVUE_MOTIVATIONS.map((key) => [key, 5.5])),
        ...Object.fromEntries(
          PREVUE_PERSONALITY.map((key, offset) => [key, 1 + ((index * 3 + offset) % 90) / 10]),
        ),
      }
    : null
  const highest = Math.max(d, i, s, c)
  return {
    userId,
    name,
    assessmentType: prevue ? 'prevue' : 'disc',
    // A Prevue result has no DISC scores (docs/decisions/028-prevue-shown-as-prevue.md).
    dScore: prevue ? null : d,
    iScore: prevue ? null : i,
    sScore: prevue ? null : s,
    cScore: prevue ? null : c,
    primaryType: prevue ? null : highest === d ? 'D' : highest === i ? 'I' : highest === s ? 'S' : 'C',
    scoresData: scoresData as NewAssessment['scoresData'],
    answers: prevue ? ['prevue-1-numbers', 'prevue-2-people'] : ['D', 'I', 'S', 'C'],
    timestamp: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
  }
}

async function fill(dataDirectory: string): Promise<void> {
  const store = await createNedbStore({ directory: join(dataDirectory, 'profiles') })
  const assessments = await createAssessmentsRepository(store)
  const started = performance.now()
  const pending: Array<Promise<unknown>> = []
  for (let index = 0; index < OWNED; index += 1) {
    // An id is taken when `create` is called, so the profiles keep this order.
    pending.push(assessments.create(assessment(owner.userId, fullName(index), index)))
    // Colleagues' profiles interleave with the owner's, as they would in a real tenant.
    if (index % COLLEAGUES_EVERY === 0) {
      const other = Math.floor(index / (COLLEAGUES_EVERY * PER_OTHER_OWNER))
      pending.push(assessments.create(assessment(2000 + other, `Colleague ${index} Quill`, index)))
    }
    if (pending.length >= FILL_CONCURRENCY) await Promise.all(pending.splice(0))
  }
  await Promise.all(pending)
  await store.close()
  const seconds = (performance.now() - started) / 1000
  console.log(`filled ${OWNED + OTHER_OWNERS * PER_OTHER_OWNER} profiles in ${seconds.toFixed(1)} s`)
}

async function startService(
  dataDirectory: string,
  profileDirectory: string | null,
  redisUrl: string,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort()
  const profile = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : []
  // --service runs another entry point, e.g. a variant of the service kept outside the repository.
  const entry = option('--service') ?? 'services/profiles/src/server.ts'
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDirectory,
      GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey,
      SHARING_PUBLIC_KEY: TEST_KEYS.sharing.publicKey,
      IMPORT_PUBLIC_KEY: TEST_KEYS.import.publicKey,
      ADVICE_PUBLIC_KEY: TEST_KEYS.advice.publicKey,
      AUTH_PUBLIC_KEY: TEST_KEYS.auth.publicKey,
      LOG_LEVEL: 'warn',
      // A service process needs a shared bus; this one has no peers, but the rule holds.
      REDIS_URL: redisUrl,
      MONGO_URL: '',
      KAFKA_BROKERS: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  // Loading 100,000 profiles takes seconds, more on a busy machine.
  for (let attempt = 0; attempt < 2_400; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the profiles service exited (${child.exitCode})`)
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return { child, url }
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error('the profiles service did not become healthy')
}

function wrk(url: string, caller: Identity, connections: number, seconds: number, script?: string) {
  const args = [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    ...(script ? ['-s', script] : []),
  ]
  return runWrk(args, identityHeaders('profiles', caller), url)
}

/** Search terms the requests rotate through: exact names, parts, the five-letter prefix rule and misses. */
const SEARCHES = [
  fullName(4_321),
  fullName(9_999).toLowerCase(),
  'brenwood',
  'Olivi Ellfi',
  'Kwame',
  'ton',
  'Nobody Atall',
  COLLEAGUE,
  'Zara Thornridge',
  'mei n',
]

function searchScript(): string {
  const paths = SEARCHES.map((name) => `"/api/profiles/search?name=${encodeURIComponent(name)}"`)
  return [
    `local paths = { ${paths.join(', ')} }`,
    'local counter = 0',
    'request = function()',
    '  counter = counter + 1',
    '  return wrk.format("GET", paths[(counter % #paths) + 1])',
    'end',
  ].join('\n')
}

async function expectJson(url: string, caller: Identity, check: (body: unknown) => boolean, label: string) {
  const response = await fetch(url, { headers: identityHeaders('profiles', caller) })
  const body: unknown = await response.json()
  if (response.status !== 200 || !check(body)) throw new Error(`${label}: ${response.status}`)
}

async function main(): Promise<void> {
  const seconds = Number(option('--duration') ?? 10)
  const connectionLevels = (option('--connections') ?? '1,10').split(',').map(Number)
  const dataDirectory = await mkdtemp(join(tmpdir(), 'bench-profiles-'))
  const profileDirectory = process.argv.includes('--profile') ? join(dataDirectory, 'cpu-profile') : null
  let service: { child: ChildProcess; url: string } | null = null
  const redis = await startRedisServer()
  try {
    await fill(dataDirectory)
    const script = join(dataDirectory, 'search.lua')
    await writeFile(script, searchScript())
    service = await startService(dataDirectory, profileDirectory, redis.url)
    const { url } = service
    const total = OWNED + OTHER_OWNERS * PER_OTHER_OWNER
    const isList = (length: number) => (body: unknown) => Array.isArray(body) && body.length === length
    await expectJson(`${url}/api/accessible-profiles`, owner, isList(OWNED), 'owner list')
    await expectJson(`${url}/api/all-profiles`, administrator, isList(total), 'administrator list')
    const found = (caller: Identity, name: string, expected: string | null) =>
      expectJson(
        `${url}/api/profiles/search?name=${encodeURIComponent(name)}`,
        caller,
        (body) => ((body as { match: { name: string } | null }).match?.name ?? null) === expected,
        `search ${name}`,
      )
    await found(owner, fullName(4_321), fullName(4_321))
    await found(owner, COLLEAGUE, null)
    await found(administrator, COLLEAGUE, COLLEAGUE)

    const targets = [
      { name: 'search, owner', path: '/api/profiles/search', caller: owner, script },
      { name: 'search, administrator', path: '/api/profiles/search', caller: administrator, script },
      { name: 'accessible, owner', path: '/api/accessible-profiles', caller: owner },
      { name: 'all profiles, administrator', path: '/api/all-profiles', caller: administrator },
    ]
    console.log(
      `Profiles service, ${total} profiles (${OWNED} owned by one user), Node ${process.version}, ${cpus().length} CPUs`,
    )
    console.log(
      `wrk --latency, ${seconds} s per run after a ${WARM_UP_SECONDS} s warm-up; CPU is the service's`,
    )
    console.log(
      [
        'target'.padEnd(27),
        'conns',
        ...['req/s', 'p50 ms', 'p99 ms', 'CPU µs/req'].map((t) => t.padStart(10)),
      ].join(' '),
    )
    let searchWorst = 0
    for (const connections of connectionLevels) {
      for (const target of targets) {
        await wrk(`${url}${target.path}`, target.caller, connections, WARM_UP_SECONDS, target.script)
        const before = await cpuMs(service.child.pid)
        const result: WrkResult = await wrk(
          `${url}${target.path}`,
          target.caller,
          connections,
          seconds,
          target.script,
        )
        const after = await cpuMs(service.child.pid)
        if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed requests`)
        result.cpuMicroseconds =
          before === null || after === null ? null : ((after - before) * 1000) / result.requests
        if (connections === 1 && target.path.endsWith('search'))
          searchWorst = Math.max(searchWorst, result.p99Ms)
        const columns = [
          result.requestsPerSecond.toFixed(0),
          result.p50Ms.toFixed(2),
          result.p99Ms.toFixed(2),
          result.cpuMicroseconds === null ? 'n/a' : result.cpuMicroseconds.toFixed(0),
        ]
        console.log(
          [
            target.name.padEnd(27),
            String(connections).padStart(5),
            ...columns.map((c) => c.padStart(10)),
          ].join(' '),
        )
      }
    }
    if (connectionLevels.includes(1)) {
      const verdict = searchWorst < SEARCH_BUDGET_P99_MS ? 'met' : 'MISSED'
      console.log(
        `search p99 with one connection: ${searchWorst.toFixed(2)} ms (budget ${SEARCH_BUDGET_P99_MS} ms): ${verdict}`,
      )
      if (process.argv.includes('--check') && verdict === 'MISSED') process.exitCode = 1
    }
  } finally {
    if (service && service.child.exitCode === null) {
      const exited = new Promise((done) => service!.child.once('exit', done))
      service.child.kill('SIGTERM')
      await exited
    }
    await redis.stop()
    if (profileDirectory) {
      console.log('\nService CPU profile, self time as a share of busy time:')
      for (const line of await topOfProfile(profileDirectory, 20)) console.log(line)
    }
    await rm(dataDirectory, { recursive: true, force: true })
  }
}

await main()
